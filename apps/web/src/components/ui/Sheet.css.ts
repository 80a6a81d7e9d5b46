import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const slideUp = keyframes({
  from: { transform: 'translateY(24px)', opacity: 0 },
  to: { transform: 'none', opacity: 1 },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  justifyContent: 'center',
  background: vars.color.overlay,
  animation: `${fadeIn} 120ms ease-out`,
});

const panelBase = style({
  ...flexColumn(),
  width: '100%',
  maxWidth: vars.size.column,
  background: vars.color.surface,
  animation: `${slideUp} 160ms ease-out`,
  outline: 'none',
});

export const panel = styleVariants({
  bottom: [
    panelBase,
    {
      alignSelf: 'flex-end',
      maxHeight: '92dvh',
      borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
      boxShadow: vars.shadow.sheet,
    },
  ],
  full: [panelBase, { height: '100dvh' }],
});

export const header = style({
  ...flexRow(vars.space.sm, true),
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  minHeight: '56px',
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const body = style({
  flex: 1,
  overflowY: 'auto',
  // Sticky actions that change height (a button's spinner wrapping a row) must not scroll the list.
  overflowAnchor: 'none',
  padding: vars.space.lg,
  ...flexColumn(vars.space.lg),
});

export const footer = style({
  display: 'flex',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  justifyContent: 'flex-end',
});

/** A footer button that shares the footer's width with the others. */
export const stretch = style({ flex: 1 });
