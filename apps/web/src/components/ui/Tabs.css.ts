import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `0 ${vars.space.lg}`,
});

export const tab = style({
  flex: '0 0 auto',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  background: 'transparent',
  border: 'none',
  borderBottom: '3px solid transparent',
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.accent, borderBottomColor: vars.color.accent },
  },
});

export const panel = style({ padding: vars.space.lg });
