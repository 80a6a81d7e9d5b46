import { style } from '@vanilla-extract/css';
import { flexColumn, flexRow, round } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const hero = style({
  ...flexColumn(vars.space.sm),
  alignItems: 'center',
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.lg}`,
  background: vars.color.surface,
  textAlign: 'center',
});

export const photo = style({
  ...round('96px'),
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
});

export const name = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, lineHeight: 1.2 });
export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, maxWidth: '36ch' });

export const actions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.lg}`,
  background: vars.color.surface,
});

export const action = style({
  position: 'relative',
  ...flexColumn(),
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '64px',
  padding: vars.space.xs,
  border: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.accent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  textAlign: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  selectors: {
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const contact = style({
  margin: `${vars.space.md} ${vars.space.lg}`,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.lg,
  rowGap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  fontSize: vars.fontSize.sm,
});

export const contactLabel = style({ color: vars.color.textMuted, margin: 0 });
export const contactValue = style({ margin: 0, overflowWrap: 'anywhere' });

export const toggle = style({
  margin: `0 ${vars.space.lg} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  boxShadow: vars.shadow.card,
});

export const menuWrap = style({ position: 'relative' });

export const menu = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 4px)',
  zIndex: 30,
  minWidth: '200px',
  // Room for an error and its Retry, never wider than the screen.
  width: 'min(260px, calc(100vw - 32px))',
  minHeight: '140px',
  maxHeight: '300px',
  overflowY: 'auto',
  padding: vars.space.xs,
  margin: 0,
  listStyle: 'none',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.sheet,
});

export const menuError = style({
  ...flexColumn(),
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const menuNote = style({ ...flexRow(vars.space.xs), padding: vars.space.sm });

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  background: 'transparent',
  borderRadius: vars.radius.sm,
  textAlign: 'left',
  cursor: 'pointer',
  fontSize: vars.fontSize.md,
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceMuted } },
});

export const danger = style({ color: vars.color.danger });

export const savedItem = style({
  ...flexColumn(vars.space.xs),
  padding: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

export const clamp = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

export const listActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: `0 ${vars.space.lg} ${vars.space.md}`,
  background: vars.color.surface,
  justifyContent: 'center',
});

/** The header's Settings link, a ghost button's size (an empty spacer of the same size on another's profile). */
export const gear = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: vars.size.touch,
  minHeight: vars.size.touch,
  borderRadius: vars.radius.md,
  color: vars.color.accent,
  selectors: { '&:hover': { background: vars.color.accentSoft } },
});

export const photoButton = style({
  border: 'none',
  padding: 0,
  background: 'none',
  borderRadius: '50%',
  cursor: 'pointer',
  position: 'relative',
});

export const photoHint = style({
  position: 'absolute',
  right: 0,
  bottom: 0,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  color: vars.color.accent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});

export const photoSheet = style({
  ...flexColumn(vars.space.md),
  alignItems: 'stretch',
});

export const photoPreview = style({
  width: '200px',
  height: '200px',
  alignSelf: 'center',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const photoEmpty = style({ alignSelf: 'center', color: vars.color.textMuted });
export const photoNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, textAlign: 'center' });

/** What sits below the hero: one column, as the screen's own; `hidden` while the profile loads. */
export const below = style({
  ...flexColumn(),
  flex: 1,
  selectors: { '&[hidden]': { display: 'none' } },
});
