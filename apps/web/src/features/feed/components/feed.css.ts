import { style } from '@vanilla-extract/css';
import { flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

// What the news feed and a profile's posts share: the loading/error area, the end-of-list line, a section title.
export const status = style({
  padding: `0 ${vars.space.lg}`,
  ...flexColumn(vars.space.sm),
  selectors: { '&:not(:empty)': { padding: vars.space.lg } },
});

export const footer = style({
  padding: vars.space.lg,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
