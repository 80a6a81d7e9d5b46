import { style } from '@vanilla-extract/css';
import { flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

/** Stands in for a message that could not be rendered, so the rest of the chat keeps working. */
export const unshowable = style({
  margin: `${vars.space.xs} ${vars.space.lg}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontStyle: 'italic',
});

/** Where a new day starts in the history: the day, centred on a hairline. */
export const daySeparator = style({
  ...flexRow(vars.space.sm),
  margin: `${vars.space.md} ${vars.space.lg} ${vars.space.xs}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&::before, &::after': { content: "''", flex: 1, borderTop: `1px solid ${vars.color.border}` },
  },
});
