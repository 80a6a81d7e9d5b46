import { style } from '@vanilla-extract/css';
import { bareList } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  ...bareList,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '36px',
  paddingLeft: vars.space.md,
  paddingRight: vars.space.xs,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  maxWidth: '100%',
});

/** A label with a very long word wraps inside the chip rather than widening the page. */
export const label = style({ minWidth: 0, overflowWrap: 'anywhere' });

export const readOnly = style({ paddingRight: vars.space.md });

export const remove = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  fontSize: vars.fontSize.lg,
  selectors: { '&:hover:not(:disabled)': { background: vars.color.surface, color: vars.color.danger } },
});
