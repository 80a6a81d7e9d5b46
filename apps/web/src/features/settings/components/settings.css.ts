import { style } from '@vanilla-extract/css';
import { bareList, flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const heading = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const form = style({ ...flexColumn(vars.space.md) });
export const rows = style({ ...bareList, ...flexColumn() });
export const row = style({
  ...flexRow(vars.space.md, true),
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const rowText = style({ ...flexColumn(vars.space.xs), minWidth: 0 });
export const fieldset = style({ border: 'none', margin: 0, padding: 0, ...flexColumn() });
export const legend = style({ fontWeight: vars.fontWeight.medium, padding: 0, marginBottom: vars.space.xs });
// One option a line: "Connections" beside two others does not fit a phone's card.
export const choices = style({ ...flexColumn(vars.space.xs) });
export const choice = style({
  ...flexRow(vars.space.sm),
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
});
export const danger = style({ color: vars.color.danger });
export const switches = style({
  marginLeft: `calc(-1 * ${vars.space.lg})`,
  marginRight: `calc(-1 * ${vars.space.lg})`,
});
export const link = style({
  color: vars.color.accent,
  fontWeight: vars.fontWeight.medium,
  minHeight: vars.size.touch,
  display: 'inline-flex',
  alignItems: 'center',
});
