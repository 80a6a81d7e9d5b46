import { style, styleVariants } from '@vanilla-extract/css';
import { ellipsis, flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const row = style({
  listStyle: 'none',
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  display: 'flex',
  gap: vars.space.md,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const ringButton = style({
  width: '68px',
  ...flexColumn(),
  alignItems: 'center',
  gap: vars.space.xs,
  border: 'none',
  background: 'transparent',
  padding: 0,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  color: vars.color.text,
  cursor: 'pointer',
});

const ringBase = style({
  position: 'relative',
  width: '60px',
  height: '60px',
  borderRadius: '50%',
  padding: '3px',
  display: 'grid',
  placeItems: 'center',
});

export const ring = styleVariants({
  unseen: [ringBase, { background: vars.color.storyRing }],
  seen: [ringBase, { background: vars.color.storySeen }],
  none: [ringBase, { background: vars.color.border }],
});

export const face = style({
  width: '100%',
  height: '100%',
  borderRadius: '50%',
  border: `2px solid ${vars.color.surface}`,
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
});

export const faceImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const plus = style({
  position: 'absolute',
  right: 0,
  bottom: 0,
  width: '20px',
  height: '20px',
  borderRadius: '50%',
  border: `2px solid ${vars.color.surface}`,
  background: vars.color.accent,
  color: vars.color.onAccent,
  display: 'grid',
  placeItems: 'center',
  fontSize: '14px',
  lineHeight: 1,
});

export const label = style({
  maxWidth: '68px',
  ...ellipsis,
});

export const viewer = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  background: vars.color.storyScrim,
  display: 'flex',
  justifyContent: 'center',
  touchAction: 'none',
  userSelect: 'none',
});

export const stage = style({
  position: 'relative',
  width: '100%',
  maxWidth: vars.size.column,
  height: '100dvh',
  ...flexColumn(),
  color: vars.color.onAccent,
  outline: 'none',
});

export const bars = style({ display: 'flex', gap: '4px', padding: `${vars.space.sm} ${vars.space.sm} 0` });

export const bar = style({
  flex: 1,
  height: '3px',
  borderRadius: '2px',
  background: vars.color.storyTrack,
  overflow: 'hidden',
});

export const barFill = style({ height: '100%', background: vars.color.onAccent });

export const top = style({
  ...flexRow(vars.space.sm),
  padding: vars.space.sm,
  zIndex: 2,
});

export const topName = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.sm });
export const topTime = style({ opacity: 0.8, fontSize: vars.fontSize.xs });

export const iconButton = style({
  minWidth: vars.size.touch,
  minHeight: vars.size.touch,
  display: 'grid',
  placeItems: 'center',
  border: 'none',
  background: 'transparent',
  color: vars.color.onAccent,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});

export const content = style({
  flex: 1,
  minHeight: 0,
  display: 'grid',
  placeItems: 'center',
  overflow: 'hidden',
});

export const photo = style({ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', pointerEvents: 'none' });

export const card = style({
  width: '100%',
  height: '100%',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.xl,
  textAlign: 'center',
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
  color: vars.color.onAccent,
});

export const paused = style({
  position: 'absolute',
  bottom: vars.space.xl,
  left: 0,
  right: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.xs,
  opacity: 0.8,
});

export const swatches = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });

export const swatch = style({
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  border: `2px solid ${vars.color.surface}`,
  boxShadow: `0 0 0 1px ${vars.color.border}`,
  cursor: 'pointer',
  selectors: { '&[aria-checked="true"]': { boxShadow: `0 0 0 3px ${vars.color.accent}` } },
});

export const preview = style([card, { minHeight: '180px', borderRadius: vars.radius.md, fontSize: vars.fontSize.lg }]);

export const photoPreview = style({
  width: '100%',
  maxHeight: '260px',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const confirm = style({
  position: 'absolute',
  left: vars.space.lg,
  right: vars.space.lg,
  bottom: vars.space.xl,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  ...flexColumn(vars.space.sm),
  zIndex: 3,
  border: 'none',
  margin: 0,
});

export const confirmButton = style({
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
});

export const confirmDanger = style([
  confirmButton,
  { background: vars.color.danger, color: vars.color.onAccent, border: 'none' },
]);
