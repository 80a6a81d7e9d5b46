import { style, styleVariants } from '@vanilla-extract/css';
import { bareList, flexColumn } from '@/styles/recipes.ts';
import { vars } from '@/styles/theme.css.ts';

export const day = style({
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const events = style({ ...bareList, display: 'grid', gap: vars.space.sm });

export const event = style({
  display: 'grid',
  gridTemplateColumns: '4px 1fr',
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

const bar = style({ borderRadius: '2px', alignSelf: 'stretch' });

/** The event's colour as chosen in the event form. */
export const colour = styleVariants({
  blue: [bar, { background: '#3b5bdb' }],
  green: [bar, { background: '#2f9e44' }],
  red: [bar, { background: '#e03131' }],
  orange: [bar, { background: '#f08c00' }],
  purple: [bar, { background: '#7048e8' }],
  grey: [bar, { background: '#868e96' }],
});

export const body = style({ ...flexColumn('2px'), minWidth: 0 });
export const title = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });
export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
