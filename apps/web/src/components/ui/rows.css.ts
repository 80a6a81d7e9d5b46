import { style } from '@vanilla-extract/css';
import { bareList, ellipsis, flexColumn, flexRow, round } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const search = style({
  boxSizing: 'border-box',
  margin: `${vars.space.sm} ${vars.space.lg}`,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  font: 'inherit',
  color: vars.color.text,
});

export const list = style({ ...bareList });

export const row = style({
  ...flexRow(vars.space.md),
  padding: `${vars.space.md} ${vars.space.lg}`,
  color: 'inherit',
  textDecoration: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  width: '100%',
  textAlign: 'left',
  font: 'inherit',
  border: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const avatar = style({
  ...round('44px'),
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  overflow: 'hidden',
});

export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const rowMain = style({ flex: 1, minWidth: 0, ...flexColumn('2px') });

export const rowTop = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });

export const name = style({
  fontWeight: vars.fontWeight.bold,
  ...ellipsis,
});

export const time = style({ flex: '0 0 auto', color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const preview = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  ...ellipsis,
  flex: 1,
});

export const badge = style({
  flex: '0 0 auto',
  minWidth: '22px',
  height: '22px',
  padding: '0 6px',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  display: 'grid',
  placeItems: 'center',
});

/** A muted chat's unread count: shown, without emphasis (it counts towards no badge). */
export const badgeMuted = style([
  badge,
  { background: vars.color.surfaceMuted, color: vars.color.textMuted, fontWeight: vars.fontWeight.medium },
]);

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const actionRow = style([row, { color: vars.color.accent, fontWeight: vars.fontWeight.medium }]);

export const inactive = style({ color: vars.color.textMuted, cursor: 'not-allowed', opacity: 0.6 });

export const sectionLabel = style({
  padding: `${vars.space.md} ${vars.space.lg} ${vars.space.xs}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const toolbar = style({
  ...flexRow(vars.space.sm, true),
});

export const counter = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const check = style({ width: '20px', height: '20px', accentColor: vars.color.accent, flex: '0 0 auto' });

export const choiceRow = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });

export const tagOption = style({
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.accentSoft,
      borderColor: vars.color.accent,
      color: vars.color.accent,
    },
  },
});

export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  // A fieldset is min-content wide by default; let it shrink to the sheet.
  minWidth: 0,
  ...flexColumn(vars.space.sm),
});

export const legend = style({
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  marginBottom: vars.space.xs,
});

export const scrollBox = style({
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
  maxHeight: '15rem',
  overflowY: 'auto',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

/** Keeps a sheet's own toolbar and search in view while its list scrolls (cancels the body's top padding). */
export const stickyTop = style({
  position: 'sticky',
  top: `calc(-1 * ${vars.space.lg})`,
  zIndex: 1,
  margin: `calc(-1 * ${vars.space.lg}) calc(-1 * ${vars.space.lg}) 0`,
  padding: vars.space.lg,
  ...flexColumn(vars.space.md),
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
