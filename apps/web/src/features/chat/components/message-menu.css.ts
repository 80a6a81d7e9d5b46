import { style } from '@vanilla-extract/css';
import { bareList, flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const menuList = style({ ...bareList, ...flexColumn() });

export const menuItem = style({
  width: '100%',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  background: 'transparent',
  textAlign: 'left',
  font: 'inherit',
  color: vars.color.text,
  cursor: 'pointer',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const dangerItem = style([menuItem, { color: vars.color.danger }]);
