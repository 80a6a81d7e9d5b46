import { style } from '@vanilla-extract/css';
import { ellipsis, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const pinned = style({
  ...flexRow(vars.space.sm),
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.accentSoft,
  color: vars.color.text,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  cursor: 'pointer',
  width: '100%',
});

export const pinnedText = style({
  flex: 1,
  minWidth: 0,
  ...ellipsis,
});
