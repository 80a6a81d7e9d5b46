import { style } from '@vanilla-extract/css';
import { flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const root = style({ ...flexColumn(vars.space.xs) });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const control = style({
  display: 'flex',
  alignItems: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: { '&:focus-within': { borderColor: vars.color.accent } },
});

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  background: 'transparent',
  fontSize: vars.fontSize.md,
  outline: 'none',
});

export const iconButton = style({
  minWidth: vars.size.touch,
  minHeight: vars.size.touch,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
});

/** Spec: the options list scrolls at a maximum height of 15rem. */
export const menu = style({
  maxHeight: '15rem',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: { '&:empty': { display: 'none' } },
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.accentSoft },
  },
});

export const highlighted = style({ background: vars.color.surfaceMuted });
export const chosen = style({ fontWeight: vars.fontWeight.bold });

export const empty = style({
  padding: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
