import { style } from '@vanilla-extract/css';
import { flexColumn, ellipsis as oneLine } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const panel = style({
  ...flexColumn(vars.space.sm),
  padding: `${vars.space.sm} 0`,
});

export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '4px' });

export const tile = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
  cursor: 'zoom-in',
});

export const tileImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

export const rowText = style({ flex: 1, minWidth: 0, ...flexColumn('2px') });

export const ellipsis = style({ ...oneLine });

export const name = style([ellipsis, { fontWeight: vars.fontWeight.medium }]);

export const meta = style([ellipsis, { color: vars.color.textMuted, fontSize: vars.fontSize.xs }]);

export const host = style([ellipsis, { color: vars.color.accent, fontWeight: vars.fontWeight.medium }]);

export const more = style({ display: 'grid', placeItems: 'center', minHeight: vars.size.touch });
