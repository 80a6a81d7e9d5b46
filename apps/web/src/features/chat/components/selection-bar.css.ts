import { style } from '@vanilla-extract/css';
import { flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const actionBar = style({
  ...flexRow(vars.space.sm, true),
  padding: vars.space.sm,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
