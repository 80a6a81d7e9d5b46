import { style } from '@vanilla-extract/css';
import { bareList, flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  ...flexColumn(),
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
  padding: vars.space.lg,
  background: vars.color.text,
  color: vars.color.onAccent,
  textAlign: 'center',
});

export const title = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const sub = style({ fontSize: vars.fontSize.md, margin: 0 });

export const controls = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space.md });

export const stage = style({
  position: 'relative',
  width: '100%',
  maxWidth: '480px',
  flex: 1,
  minHeight: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const remoteVideo = style({
  width: '100%',
  maxHeight: '100%',
  borderRadius: vars.radius.md,
  background: vars.color.textMuted,
});

export const localVideo = style({
  position: 'absolute',
  right: vars.space.sm,
  bottom: vars.space.sm,
  width: '30%',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.onAccent}`,
});

export const problem = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
});

export const row = style({
  ...flexRow(vars.space.md),
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const rowText = style({ flex: 1, minWidth: 0, ...flexColumn() });
export const name = style({ color: vars.color.text, fontWeight: 600, textDecoration: 'none' });
export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const missed = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });
export const list = style({ ...bareList });
export const rowActions = style({ display: 'flex', gap: vars.space.xs });
/** A whole row as one button (the friend picker). */
export const pickButton = style({
  width: '100%',
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
});
