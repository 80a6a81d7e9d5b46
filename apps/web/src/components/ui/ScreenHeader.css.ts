import { style } from '@vanilla-extract/css';
import { ellipsis, flexColumn } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'grid',
  // Until the slots are measured (ScreenHeader sets the wider one's width on both sides).
  gridTemplateColumns: `${vars.size.touch} minmax(0, 1fr) ${vars.size.touch}`,
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '56px',
  padding: `0 ${vars.space.sm}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

const slot = style({ display: 'flex', alignItems: 'center', width: 'max-content' });
export const start = style([slot, { justifySelf: 'start' }]);
export const end = style([slot, { justifySelf: 'end' }]);

export const middle = style({
  minWidth: 0,
  ...flexColumn(),
  alignItems: 'center',
  textAlign: 'center',
  color: 'inherit',
  textDecoration: 'none',
});

// A long name from the server (a saved list's, a group's) stays on one line instead of widening the page.
const oneLine = style({ maxWidth: '100%', ...ellipsis });

export const title = style([oneLine, { fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold }]);
export const subtitle = style([oneLine, { color: vars.color.textMuted, fontSize: vars.fontSize.xs }]);
