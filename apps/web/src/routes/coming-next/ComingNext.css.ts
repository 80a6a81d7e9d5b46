import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
});

export const badge = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const text = style({ color: vars.color.textMuted, maxWidth: '32ch' });
