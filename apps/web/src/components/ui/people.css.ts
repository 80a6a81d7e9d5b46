import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const rows = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: vars.size.touch,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
});

export const photo = style({
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
  flexShrink: 0,
});

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

export const who = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });
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
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
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
export const menuLabel = style({ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap', padding: '4px 0' });
export const menuCount = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
