import { style } from '@vanilla-extract/css';
import { bareList, flexColumn, round } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const rows = style({ ...bareList, ...flexColumn() });
export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
export const unread = style([item, { background: vars.color.accentSoft }]);
export const photo = style({
  ...round('40px'),
  background: vars.color.surfaceMuted,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
});
export const body = style({ flex: 1, minWidth: 0, ...flexColumn('2px') });
export const text = style({ overflowWrap: 'anywhere' });
export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const gone = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });
export const dot = style({
  width: '10px',
  height: '10px',
  marginTop: '6px',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  flexShrink: 0,
});
export const toolbar = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
});
export const more = style({ padding: vars.space.lg, ...flexColumn(vars.space.sm) });
export const badge = style({
  position: 'absolute',
  top: '2px',
  left: '50%',
  marginLeft: '4px',
  minWidth: '18px',
  height: '18px',
  padding: '0 5px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.onAccent,
  fontSize: '0.6875rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: '18px',
  textAlign: 'center',
});
