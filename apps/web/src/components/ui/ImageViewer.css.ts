import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.viewer,
  color: vars.color.onViewer,
  outline: 'none',
  touchAction: 'pan-y pinch-zoom',
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  minHeight: vars.size.touch,
});

export const caption = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
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
