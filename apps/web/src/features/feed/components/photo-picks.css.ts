import { style } from '@vanilla-extract/css';
import { bareList } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const thumbs = style({
  ...bareList,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  gap: vars.space.sm,
});

export const thumb = style({
  position: 'relative',
  aspectRatio: '1',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
});

export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

export const thumbFailed = style({ outline: `2px solid ${vars.color.danger}`, outlineOffset: '-2px' });

export const thumbProgress = style({
  position: 'absolute',
  left: '4px',
  right: '4px',
  bottom: '4px',
  width: 'calc(100% - 8px)',
});

export const thumbRemove = style({
  position: 'absolute',
  top: '2px',
  right: '2px',
  width: '28px',
  height: '28px',
  display: 'grid',
  placeItems: 'center',
  border: 'none',
  borderRadius: '50%',
  background: vars.color.overlay,
  color: vars.color.onAccent,
  cursor: 'pointer',
});

export const thumbRetry = style({
  position: 'absolute',
  left: '4px',
  bottom: '4px',
  padding: '2px 6px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.danger,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  cursor: 'pointer',
});
