import { style, styleVariants } from '@vanilla-extract/css';
import { flexRow } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

const base = style({
  ...flexRow(vars.space.sm, true),
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  width: '100%',
});

export const tone = styleVariants({
  error: [base, { background: vars.color.dangerSoft, color: vars.color.danger }],
  success: [base, { background: vars.color.successSoft, color: vars.color.success }],
  info: [base, { background: vars.color.accentSoft, color: vars.color.text }],
});
