import { style } from '@vanilla-extract/css';
import { bareList, flexColumn, flexRow, round } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const rows = style({ ...bareList, ...flexColumn() });

export const row = style({
  ...flexRow(vars.space.md),
  minHeight: vars.size.touch,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
});

export const photo = style({ ...round('44px'), background: vars.color.surfaceMuted });

export const initials = style([
  photo,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: vars.color.accent,
    fontWeight: vars.fontWeight.bold,
  },
]);

export const who = style({ flex: 1, minWidth: 0, ...flexColumn() });
export const name = style({ fontWeight: vars.fontWeight.medium, overflow: 'hidden', textOverflow: 'ellipsis' });
/** The name as a link to the profile: only its own text opens it, the rest of the row selects. */
export const nameLink = style([
  name,
  {
    alignSelf: 'flex-start',
    maxWidth: '100%',
    whiteSpace: 'nowrap',
    color: 'inherit',
    textDecoration: 'none',
    selectors: { '&:hover': { textDecoration: 'underline' } },
  },
]);
export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const checkbox = style({ width: '22px', height: '22px', accentColor: vars.color.accent, flexShrink: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const choice = style({
  ...flexRow(vars.space.sm, true),
  width: '100%',
  minHeight: vars.size.touch,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'left',
  font: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.accentSoft } },
});

/** The More menu's live counts ('1 Pending', '12 Active · 17 Inactive'). */
export const menuLabel = style({ ...flexColumn(), whiteSpace: 'nowrap', padding: '4px 0' });
export const menuCount = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
