import { style } from '@vanilla-extract/css';
import { flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const page = style({
  flex: 1,
  ...flexColumn(),
  justifyContent: 'center',
  gap: vars.space.xl,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  background: vars.color.surface,
  minHeight: '100dvh',
});

export const brand = style({ ...flexColumn(vars.space.xs) });

export const logo = style({
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.md,
  background: vars.color.accent,
  color: vars.color.onAccent,
  display: 'grid',
  placeItems: 'center',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xl,
  marginBottom: vars.space.sm,
});

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, lineHeight: 1.2 });
export const subtitle = style({ color: vars.color.textMuted });

export const form = style({ ...flexColumn(vars.space.lg) });

export const switchLine = style({ textAlign: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const link = style({ color: vars.color.accent, fontWeight: vars.fontWeight.medium });

/** The rules a new password still breaks, listed under its fields. */
export const rules = style({
  margin: 0,
  paddingLeft: vars.space.xl,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  ...flexColumn(vars.space.xs),
});
