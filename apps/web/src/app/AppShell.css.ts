import { style } from '@vanilla-extract/css';
import { flexColumn } from '@/styles/recipes.ts';
import { vars } from '../styles/theme.css.ts';

/** A phone-width column: full width on a phone, centred at 480px on a desktop. */
export const column = style({
  position: 'relative',
  maxWidth: vars.size.column,
  minHeight: '100dvh',
  margin: '0 auto',
  background: vars.color.bg,
  boxShadow: '0 0 0 1px rgba(20, 22, 31, 0.04)',
  ...flexColumn(),
});

export const main = style({ flex: 1, ...flexColumn() });
export const withTabBar = style({ paddingBottom: vars.size.tabBar });

export const tabBar = style({
  position: 'fixed',
  bottom: 0,
  left: '50%',
  transform: 'translateX(-50%)',
  width: '100%',
  maxWidth: vars.size.column,
  height: vars.size.tabBar,
  display: 'grid',
  gridTemplateColumns: 'repeat(6, 1fr)',
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  zIndex: 20,
  paddingBottom: 'env(safe-area-inset-bottom)',
});

export const tab = style({
  position: 'relative',
  ...flexColumn(),
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  minHeight: vars.size.touch,
  minWidth: 0,
  // Six tabs share 390 px: each label stays on one line ("Saved Lists" is the longest).
  fontSize: '0.6875rem',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  textDecoration: 'none',
  border: 'none',
  background: 'transparent',
  selectors: {
    '&[aria-current="page"]': { color: vars.color.accent },
    '&[aria-disabled="true"]': { opacity: 0.45, cursor: 'not-allowed' },
  },
  '@media': { 'screen and (max-width: 359px)': { fontSize: '0.625rem', letterSpacing: '-0.01em' } },
});

export const icon = style({ width: '22px', height: '22px' });
