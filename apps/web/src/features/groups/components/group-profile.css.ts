import { style } from '@vanilla-extract/css';
import { flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const hero = style({
  ...flexColumn(),
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
  textAlign: 'center',
});

export const avatar = style({
  width: '72px',
  height: '72px',
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xl,
});

export const name = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const description = style({ color: vars.color.text, fontSize: vars.fontSize.sm, padding: `0 ${vars.space.lg}` });

export const actions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
});

export const action = style({
  ...flexColumn(),
  alignItems: 'center',
  gap: '2px',
  minHeight: '56px',
  justifyContent: 'center',
  border: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.accent,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  cursor: 'pointer',
  boxShadow: vars.shadow.card,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.accentSoft },
    '&[aria-pressed="true"]': { background: vars.color.accentSoft },
  },
});

export const dangerAction = style([action, { color: vars.color.danger }]);

export const panel = style({
  ...flexColumn(vars.space.sm),
  padding: `${vars.space.sm} 0`,
});

export const rowEnd = style({
  flex: '0 0 auto',
  ...flexColumn(),
  alignItems: 'flex-end',
  gap: '4px',
});

export const online = style({
  color: vars.color.success,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
});

export const mediaGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '4px' });

export const mediaItem = style({
  width: '100%',
  aspectRatio: '1',
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  overflow: 'hidden',
  textDecoration: 'none',
});

export const link = style({ color: vars.color.accent, overflowWrap: 'anywhere' });
