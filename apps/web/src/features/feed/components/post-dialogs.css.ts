import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css.ts';

export const menuItem = style({
  width: '100%',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'transparent',
  textAlign: 'left',
  font: 'inherit',
  color: vars.color.danger,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
