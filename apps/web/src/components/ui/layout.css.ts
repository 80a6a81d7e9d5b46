import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** A screen: the column's full height, content padded. */
export const screen = style({ display: 'flex', flexDirection: 'column', minHeight: '100%' });

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: '56px',
  padding: `0 ${vars.space.sm}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const topTitle = style({
  // Centred on the bar whatever stands left and right of it (a Back button, a spacer, nothing).
  position: 'absolute',
  left: '56px',
  right: '56px',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'center',
  flex: 1,
  // A long name from the server (a saved list's, a group's) stays on one line instead of widening the page.
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
});

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

/** Side margins for status text (loading, errors, empty) above edge-to-edge rows. */
export const inset = style({
  padding: `0 ${vars.space.lg}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
