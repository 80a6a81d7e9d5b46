import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css.ts';

export const olderError = style({ padding: `${vars.space.sm} ${vars.space.lg}` });

export const loadingOlder = style({
  textAlign: 'center',
  padding: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});
