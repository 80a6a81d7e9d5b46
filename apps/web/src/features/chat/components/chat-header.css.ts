import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const headerMain = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  color: 'inherit',
  textDecoration: 'none',
});

export const headerName = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const headerMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
