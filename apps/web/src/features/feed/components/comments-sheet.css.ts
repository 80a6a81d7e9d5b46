import { globalStyle, style } from '@vanilla-extract/css';
import { bareList, flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const comment = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });

export const commentBody = style({
  flex: 1,
  minWidth: 0,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  ...flexColumn('2px'),
});

export const commentList = style({
  ...bareList,
  ...flexColumn(vars.space.md),
});

export const commentForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  width: '100%',
});
// A note under the box (a paste cut at the limit) takes a line of its own.
globalStyle(`${commentForm} > p`, { flexBasis: '100%' });

export const commentInput = style({
  flex: 1,
  minHeight: vars.size.touch,
  maxHeight: '120px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  resize: 'none',
});
