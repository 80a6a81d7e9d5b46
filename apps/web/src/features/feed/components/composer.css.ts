import { style } from '@vanilla-extract/css';
import { flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const spacer = style({ flex: 1 });

export const composer = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  padding: vars.space.lg,
  ...flexColumn(vars.space.sm),
});

export const composerRow = style({ ...flexRow(vars.space.sm), flexWrap: 'wrap' });

export const hiddenInput = style({ display: 'none' });
