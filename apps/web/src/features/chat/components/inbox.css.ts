import { style } from '@vanilla-extract/css';
import { flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

// The chat screen's frame (used by the route too) and the round icon button bubbles, composer and tray share.
export const screen = style({ ...flexColumn(), height: '100dvh', background: vars.color.bg });

export const list = style({ flex: 1, minHeight: 0 });

export const menuButton = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
  flex: '0 0 auto',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
