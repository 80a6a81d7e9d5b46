import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css.ts';

export const pillWrap = style({
  position: 'sticky',
  top: '64px',
  zIndex: 15,
  height: 0,
  display: 'flex',
  justifyContent: 'center',
});

const drop = keyframes({ from: { transform: 'translateY(-8px)', opacity: 0 }, to: { transform: 'none', opacity: 1 } });

export const pill = style({
  minHeight: '36px',
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.onAccent,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  boxShadow: vars.shadow.sheet,
  cursor: 'pointer',
  animation: `${drop} 160ms ease-out`,
});

export const pull = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.sm,
  overflow: 'hidden',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  transition: 'height 120ms ease-out',
});
