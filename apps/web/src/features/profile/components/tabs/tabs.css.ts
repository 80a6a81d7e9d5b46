import { style } from '@vanilla-extract/css';
import { flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const tab = style({ ...flexColumn(vars.space.md) });

export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
});

export const itemBody = style({ ...flexColumn('2px'), minWidth: 0, flex: 1 });
export const itemTitle = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });
export const itemMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const itemText = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const heading = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  marginTop: vars.space.sm,
});

export const pending = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.accent}`,
  background: vars.color.accentSoft,
  fontSize: vars.fontSize.sm,
});

export const fileRow = style([
  item,
  {
    alignItems: 'center',
    color: vars.color.text,
    textDecoration: 'none',
    ':hover': { background: vars.color.surfaceMuted },
  },
]);

export const fileBadge = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '48px',
  borderRadius: vars.radius.sm,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});

export const actions = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
