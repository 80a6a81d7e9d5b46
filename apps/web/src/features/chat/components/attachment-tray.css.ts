import { style } from '@vanilla-extract/css';
import { ellipsis, flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const tray = style({
  ...flexColumn(vars.space.xs),
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

const trayBase = style({
  ...flexRow(vars.space.sm),
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
});

export const trayItem = trayBase;

export const trayItemFailed = style([trayBase, { background: vars.color.dangerSoft }]);

export const trayThumb = style({
  width: '40px',
  height: '40px',
  flex: 'none',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'grid',
  placeItems: 'center',
  background: vars.color.surface,
});

export const trayBody = style({ ...flexColumn('2px'), flex: 1, minWidth: 0 });

export const trayName = style({
  fontSize: vars.fontSize.sm,
  ...ellipsis,
});

export const trayMeta = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const trayError = style({ fontSize: vars.fontSize.xs, color: vars.color.danger });

export const trayProgress = style({ width: '100%', height: '6px', accentColor: vars.color.accent });

export const trayAction = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  minHeight: vars.size.touch,
});
