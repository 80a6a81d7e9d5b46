import { style } from '@vanilla-extract/css';
import { bareList, flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const headerActions = style({
  display: 'flex',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg} 0`,
});

export const filters = style({
  listStyle: 'none',
  margin: 0,
  padding: `0 ${vars.space.lg}`,
  ...flexColumn(),
});

export const filterRow = style({
  ...flexColumn(vars.space.xs),
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const filterButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
  minHeight: vars.size.touch,
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  textAlign: 'left',
  cursor: 'pointer',
});

export const chevron = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg });

export const searchBox = style({ display: 'flex', gap: vars.space.sm, padding: `${vars.space.md} ${vars.space.lg}` });

export const searchInput = style({
  flex: 1,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  background: vars.color.surface,
});

export const options = style({
  ...bareList,
  maxHeight: '15rem',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const option = style({
  ...flexRow(vars.space.sm),
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.accentSoft } },
});

export const sectionTitle = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.sm, margin: 0 });

export const stickyActions = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: vars.color.surface,
  paddingBottom: vars.space.sm,
  ...flexColumn(vars.space.sm),
});
