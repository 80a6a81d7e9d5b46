import { style } from '@vanilla-extract/css';
import { bareList, flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

/** A screen: the column's full height, content padded. */
export const screen = style({ ...flexColumn(), minHeight: '100%' });

export const section = style({
  ...flexColumn(vars.space.md),
  padding: vars.space.lg,
});

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  ...flexColumn(vars.space.sm),
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const stack = style({ ...flexColumn(vars.space.md) });

export const row = style({ ...flexRow(vars.space.sm) });

export const list = style({
  ...bareList,
  ...flexColumn(vars.space.sm),
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

/** Side margins for status text (loading, errors, empty) above edge-to-edge rows. */
export const inset = style({
  padding: `0 ${vars.space.lg}`,
  ...flexColumn(vars.space.sm),
});
