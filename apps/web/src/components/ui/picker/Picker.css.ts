import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css.ts';

export const status = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
