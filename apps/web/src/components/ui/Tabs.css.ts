import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  // With the tab's own 8 px, the first label starts at the page's 16 px margin.
  padding: `0 ${vars.space.sm}`,
});

export const tab = style({
  flex: '0 0 auto',
  minHeight: vars.size.touch,
  // Narrow enough that three labels ('My Groups', 'Inactive Groups', 'Group Invites') fit 390 px whole.
  padding: `0 ${vars.space.sm}`,
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
