import { style } from '@vanilla-extract/css';
import { ellipsis, flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  ...flexColumn(),
  background: vars.color.viewer,
  color: vars.color.onViewer,
  outline: 'none',
  touchAction: 'pan-y pinch-zoom',
});

export const bar = style({
  ...flexRow(vars.space.sm),
  padding: vars.space.sm,
  minHeight: vars.size.touch,
});

export const caption = style({
  flex: 1,
  minWidth: 0,
  ...ellipsis,
  fontSize: vars.fontSize.sm,
});

export const control = style({
  width: vars.size.touch,
  height: vars.size.touch,
  flex: '0 0 auto',
  display: 'grid',
  placeItems: 'center',
  border: 'none',
  borderRadius: '50%',
  background: vars.color.viewerControl,
  color: vars.color.onViewer,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.35, cursor: 'default' } },
});

export const stage = style({
  flex: 1,
  minHeight: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
});

export const image = style({
  flex: 1,
  minWidth: 0,
  maxWidth: '100%',
  maxHeight: '100%',
  objectFit: 'contain',
  userSelect: 'none',
});

export const next = style([control, { transform: 'scaleX(-1)' }]);
