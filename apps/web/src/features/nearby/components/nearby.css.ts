import { style } from '@vanilla-extract/css';
import { flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const heading = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const listHead = style({
  ...flexColumn(vars.space.sm),
  padding: `0 ${vars.space.lg} ${vars.space.sm}`,
});
export const band = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
  background: vars.color.bg,
});
export const points = style({
  margin: 0,
  paddingLeft: vars.space.xl,
  ...flexColumn(vars.space.xs),
});
/** A band's people, inset like the headings above them. */
export const people = style({ padding: `0 ${vars.space.lg}` });
