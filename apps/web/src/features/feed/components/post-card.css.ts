import { style } from '@vanilla-extract/css';
import { ellipsis, flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const card = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space.md} ${vars.space.lg}`,
  ...flexColumn(vars.space.sm),
});

export const head = style({ ...flexRow(vars.space.sm), minWidth: 0 });

export const avatar = style({
  flex: '0 0 auto',
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
});

/** The avatar's link (a second way to the profile, hidden from assistive tech): no underline under initials. */
export const avatarLink = style({ textDecoration: 'none', flex: '0 0 auto' });

export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const who = style({ flex: 1, minWidth: 0, ...flexColumn('1px') });

export const name = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  textDecoration: 'none',
  ...ellipsis,
});

export const meta = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  ...ellipsis,
});

export const text = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.45 });

export const link = style({ color: vars.color.accent, overflowWrap: 'anywhere', fontSize: vars.fontSize.sm });

export const images = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 1fr)',
  gap: '2px',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
});

/** One photo of a post: a lone one spans the row, three put the first across the top. */
export const imageLink = style({
  display: 'block',
  selectors: {
    '&:only-child': { gridColumn: '1 / -1' },
    '&:first-child:nth-last-child(3)': { gridColumn: '1 / -1' },
  },
});

export const image = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  display: 'block',
  background: vars.color.surfaceMuted,
  selectors: {
    [`${imageLink}:only-child &`]: { aspectRatio: '16 / 10' },
    [`${imageLink}:first-child:nth-last-child(3) &`]: { aspectRatio: '16 / 8' },
  },
});

export const bar = style({
  ...flexRow(vars.space.xs),
  marginLeft: `-${vars.space.sm}`,
});

export const barButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  background: 'transparent',
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-pressed="true"]': { color: vars.color.danger },
  },
});

export const liked = style({ fill: 'currentColor' });

export const more = style([barButton, { marginLeft: 'auto' }]);

export const smallAvatar = style([avatar, { width: '32px', height: '32px', fontSize: vars.fontSize.xs }]);
