import { style, styleVariants } from '@vanilla-extract/css';
import { flexColumn, round } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

const rowBase = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.xs,
  padding: `3px ${vars.space.md}`,
});

export const row = styleVariants({
  own: [rowBase, { justifyContent: 'flex-end' }],
  other: [rowBase, { justifyContent: 'flex-start' }],
});

const bubbleBase = style({
  maxWidth: '78%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  ...flexColumn('4px'),
  overflowWrap: 'anywhere',
  boxShadow: vars.shadow.card,
});

export const bubble = styleVariants({
  own: [bubbleBase, { background: vars.color.accent, color: vars.color.onAccent, borderBottomRightRadius: '4px' }],
  other: [bubbleBase, { background: vars.color.surface, color: vars.color.text, borderBottomLeftRadius: '4px' }],
  failed: [
    bubbleBase,
    { background: vars.color.dangerSoft, color: vars.color.text, border: `1px solid ${vars.color.danger}` },
  ],
});

export const sender = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.bold, color: vars.color.accent });

export const quote = style({
  borderLeft: `3px solid currentColor`,
  paddingLeft: vars.space.sm,
  fontSize: vars.fontSize.xs,
  opacity: 0.85,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
});

export const forwarded = style({ fontSize: vars.fontSize.xs, fontStyle: 'italic', opacity: 0.85 });

export const deleted = style({ fontStyle: 'italic', opacity: 0.75 });

export const meta = style({
  fontSize: '0.6875rem',
  opacity: 0.8,
  alignSelf: 'flex-end',
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
});

const media = {
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  display: 'block',
} as const;

export const image = style({ width: '200px', height: '150px', ...media });

/** An image with known size: up to 240 px wide, its box keeps the image's aspect ratio. */
export const thumb = style({ width: '240px', maxWidth: '100%', height: 'auto', maxHeight: '320px', ...media });

export const thumbButton = style({
  display: 'block',
  maxWidth: '100%',
  padding: 0,
  border: 'none',
  background: 'none',
  borderRadius: vars.radius.sm,
  cursor: 'zoom-in',
});

export const fileLink = style({
  color: 'inherit',
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  minWidth: 0,
});

export const fileName = style({ overflowWrap: 'anywhere', minWidth: 0 });

export const fileSize = style({ flex: 'none', opacity: 0.75, fontSize: vars.fontSize.xs });

export const check = style({ width: '20px', height: '20px', accentColor: vars.color.accent, alignSelf: 'center' });

export const highlight = style({ outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' });

export const senderPhoto = style({
  ...round('28px'),
  overflow: 'hidden',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  selectors: { '&[data-empty]': { background: 'none' } },
});

export const senderPhotoImage = style({ width: '100%', height: '100%', objectFit: 'cover' });
