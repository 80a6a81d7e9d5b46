import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css.ts';

export const pinned = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.accentSoft,
  color: vars.color.text,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  cursor: 'pointer',
  width: '100%',
});

export const pinnedText = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
