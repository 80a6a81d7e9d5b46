import { style, styleVariants } from '@vanilla-extract/css';
import { flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const viewport = style({
  position: 'fixed',
  left: '50%',
  transform: 'translateX(-50%)',
  bottom: `calc(${vars.size.tabBar} + ${vars.space.md})`,
  zIndex: 60,
  width: `min(calc(100% - ${vars.space.xl}), calc(${vars.size.column} - ${vars.space.xl}))`,
  ...flexColumn(vars.space.sm),
  pointerEvents: 'none',
});

const base = style({
  ...flexRow(vars.space.sm, true),
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.sheet,
  fontSize: vars.fontSize.sm,
  pointerEvents: 'auto',
});

export const tone = styleVariants({
  error: [base, { background: vars.color.danger, color: vars.color.onAccent }],
  success: [base, { background: vars.color.success, color: vars.color.onAccent }],
  info: [base, { background: vars.color.text, color: vars.color.onAccent }],
});

export const close = style({
  minWidth: vars.size.touch,
  minHeight: vars.size.touch,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  fontSize: vars.fontSize.lg,
});
