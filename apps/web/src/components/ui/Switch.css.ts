import { style } from '@vanilla-extract/css';
import { flexRow } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const row = style({
  ...flexRow(vars.space.md, true),
  width: '100%',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  background: vars.color.surface,
  cursor: 'pointer',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
});

export const track = style({
  position: 'relative',
  width: '44px',
  height: '26px',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  transition: 'background 120ms ease',
  selectors: { '[aria-checked="true"] > &': { background: vars.color.accent } },
});

export const thumb = style({
  position: 'absolute',
  top: '3px',
  left: '3px',
  width: '20px',
  height: '20px',
  borderRadius: '50%',
  background: vars.color.surface,
  transition: 'transform 120ms ease',
  selectors: { '[aria-checked="true"] > * > &': { transform: 'translateX(18px)' } },
});

export const flush = style({ paddingLeft: 0, paddingRight: 0 });
