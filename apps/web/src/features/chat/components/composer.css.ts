import { style } from '@vanilla-extract/css';
import { flexColumn, flexRow } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const composer = style({
  ...flexColumn(vars.space.xs),
  padding: vars.space.sm,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});

export const composerRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end' });

export const input = style({
  flex: 1,
  minHeight: vars.size.touch,
  maxHeight: '120px',
  resize: 'none',
  padding: `10px ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  font: 'inherit',
  color: vars.color.text,
});

export const replyBar = style({
  ...flexRow(vars.space.sm),
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: `3px solid ${vars.color.accent}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** The composer while files are held over the screen: where they will go. */
export const dropping = style({ outline: `2px dashed ${vars.color.accent}`, outlineOffset: '-4px' });

export const dropHint = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.accent,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'center',
});
