import { style } from '@vanilla-extract/css';
import { bareList, ellipsis, flexColumn, flexRow, round } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const control = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const state = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
export const pending = style([state, { background: vars.color.surfaceMuted, color: vars.color.textMuted }]);

export const rows = style({ ...bareList, ...flexColumn() });
export const row = style({
  ...flexRow(vars.space.md),
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const photo = style({
  ...round('44px'),
  background: vars.color.surfaceMuted,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
});
export const who = style({ flex: 1, minWidth: 0, ...flexColumn('2px') });
export const name = style({
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  ...ellipsis,
});
export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexShrink: 0 });
export const consequences = style({
  margin: `0 0 ${vars.space.md}`,
  paddingLeft: vars.space.lg,
  ...flexColumn(vars.space.sm),
});
