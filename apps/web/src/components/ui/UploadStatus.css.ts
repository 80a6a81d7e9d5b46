import { style } from '@vanilla-extract/css';
import { flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const box = style({ ...flexColumn(vars.space.xs) });
export const row = style({ ...flexRow(vars.space.sm) });
export const name = style({ fontSize: vars.fontSize.sm, overflowWrap: 'anywhere', flex: 1, minWidth: 0 });
export const track = style({
  height: '6px',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
});
export const bar = style({ height: '100%', background: vars.color.accent, transition: 'width 120ms linear' });
