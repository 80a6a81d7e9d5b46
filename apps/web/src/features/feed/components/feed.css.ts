import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const card = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space.md} ${vars.space.lg}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });

export const avatar = style({
  flex: '0 0 auto',
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
});

/** The avatar's link (a second way to the profile, hidden from assistive tech): no underline under initials. */
export const avatarLink = style({ textDecoration: 'none', flex: '0 0 auto' });

export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const who = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '1px' });

export const name = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  textDecoration: 'none',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const meta = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const text = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.45 });

export const link = style({ color: vars.color.accent, overflowWrap: 'anywhere', fontSize: vars.fontSize.sm });

export const images = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 1fr)',
  gap: '2px',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
});

/** One photo of a post: a lone one spans the row, three put the first across the top. */
export const imageLink = style({
  display: 'block',
  selectors: {
    '&:only-child': { gridColumn: '1 / -1' },
    '&:first-child:nth-last-child(3)': { gridColumn: '1 / -1' },
  },
});

export const image = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  display: 'block',
  background: vars.color.surfaceMuted,
  selectors: {
    [`${imageLink}:only-child &`]: { aspectRatio: '16 / 10' },
    [`${imageLink}:first-child:nth-last-child(3) &`]: { aspectRatio: '16 / 8' },
  },
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginLeft: `-${vars.space.sm}`,
});

export const barButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  background: 'transparent',
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-pressed="true"]': { color: vars.color.danger },
  },
});

export const liked = style({ fill: 'currentColor' });

export const spacer = style({ flex: 1 });

export const more = style([barButton, { marginLeft: 'auto' }]);

export const topActions = style({ display: 'flex', alignItems: 'center' });

export const pillWrap = style({
  position: 'sticky',
  top: '64px',
  zIndex: 15,
  height: 0,
  display: 'flex',
  justifyContent: 'center',
});

const drop = keyframes({ from: { transform: 'translateY(-8px)', opacity: 0 }, to: { transform: 'none', opacity: 1 } });

export const pill = style({
  minHeight: '36px',
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.onAccent,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  boxShadow: vars.shadow.sheet,
  cursor: 'pointer',
  animation: `${drop} 160ms ease-out`,
});

export const pull = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.sm,
  overflow: 'hidden',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  transition: 'height 120ms ease-out',
});

export const status = style({
  padding: `0 ${vars.space.lg}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  selectors: { '&:not(:empty)': { padding: vars.space.lg } },
});

export const footer = style({
  padding: vars.space.lg,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const composer = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const composerRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });

export const thumbs = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  gap: vars.space.sm,
});

export const thumb = style({
  position: 'relative',
  aspectRatio: '1',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
});

export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

export const thumbFailed = style({ outline: `2px solid ${vars.color.danger}`, outlineOffset: '-2px' });

export const thumbProgress = style({
  position: 'absolute',
  left: '4px',
  right: '4px',
  bottom: '4px',
  width: 'calc(100% - 8px)',
});

export const thumbRemove = style({
  position: 'absolute',
  top: '2px',
  right: '2px',
  width: '28px',
  height: '28px',
  display: 'grid',
  placeItems: 'center',
  border: 'none',
  borderRadius: '50%',
  background: vars.color.overlay,
  color: vars.color.onAccent,
  cursor: 'pointer',
});

export const thumbRetry = style({
  position: 'absolute',
  left: '4px',
  bottom: '4px',
  padding: '2px 6px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.danger,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  cursor: 'pointer',
});

export const hiddenInput = style({ display: 'none' });

export const comment = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });

export const commentBody = style({
  flex: 1,
  minWidth: 0,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});

export const commentList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const commentForm = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', width: '100%' });

export const commentInput = style({
  flex: 1,
  minHeight: vars.size.touch,
  maxHeight: '120px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  resize: 'none',
});

export const smallAvatar = style([avatar, { width: '32px', height: '32px', fontSize: vars.fontSize.xs }]);

export const sectionTitle = style({
  margin: 0,
  padding: `${vars.space.md} ${vars.space.lg} 0`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const menuItem = style({
  width: '100%',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'transparent',
  textAlign: 'left',
  font: 'inherit',
  color: vars.color.danger,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
