import { style } from '@vanilla-extract/css';
import { flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const row = style({
  ...flexRow(vars.space.sm),
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const info = style({ flex: 1, minWidth: 0, ...flexColumn() });

export const badge = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
});

export const buttons = style({ display: 'flex', gap: vars.space.xs, flexShrink: 0, alignItems: 'center' });

export const link = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { textDecoration: 'underline', color: vars.color.accent } },
});
