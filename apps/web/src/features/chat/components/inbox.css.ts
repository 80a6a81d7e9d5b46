import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const screen = style({ display: 'flex', flexDirection: 'column', height: '100dvh', background: vars.color.bg });

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

export const pinned = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.accentSoft,
  color: vars.color.text,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  cursor: 'pointer',
  width: '100%',
});

export const pinnedText = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const list = style({ flex: 1, minHeight: 0 });

export const row = styleVariants({
  own: {
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'flex-end',
    gap: vars.space.xs,
    padding: `3px ${vars.space.md}`,
  },
  other: {
    display: 'flex',
    justifyContent: 'flex-start',
    alignItems: 'flex-end',
    gap: vars.space.xs,
    padding: `3px ${vars.space.md}`,
  },
});

const bubbleBase = style({
  maxWidth: '78%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  display: 'flex',
  flexDirection: 'column',
  gap: '4px',
  overflowWrap: 'anywhere',
  boxShadow: vars.shadow.card,
});

export const bubble = styleVariants({
  own: [bubbleBase, { background: vars.color.accent, color: vars.color.onAccent, borderBottomRightRadius: '4px' }],
  other: [bubbleBase, { background: vars.color.surface, color: vars.color.text, borderBottomLeftRadius: '4px' }],
  failed: [
    bubbleBase,
    { background: vars.color.dangerSoft, color: vars.color.text, border: `1px solid ${vars.color.danger}` },
  ],
});

export const sender = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.bold, color: vars.color.accent });

export const quote = style({
  borderLeft: `3px solid currentColor`,
  paddingLeft: vars.space.sm,
  fontSize: vars.fontSize.xs,
  opacity: 0.85,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
});

export const forwarded = style({ fontSize: vars.fontSize.xs, fontStyle: 'italic', opacity: 0.85 });

export const deleted = style({ fontStyle: 'italic', opacity: 0.75 });

export const meta = style({
  fontSize: '0.6875rem',
  opacity: 0.8,
  alignSelf: 'flex-end',
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
});

export const image = style({
  width: '200px',
  height: '150px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  display: 'block',
});

/** An image with known size: up to 240 px wide, its box keeps the image's aspect ratio. */
export const thumb = style({
  width: '240px',
  maxWidth: '100%',
  height: 'auto',
  maxHeight: '320px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  display: 'block',
});

export const thumbButton = style({
  display: 'block',
  maxWidth: '100%',
  padding: 0,
  border: 'none',
  background: 'none',
  borderRadius: vars.radius.sm,
  cursor: 'zoom-in',
});

export const fileLink = style({
  color: 'inherit',
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  minWidth: 0,
});
export const fileName = style({ overflowWrap: 'anywhere', minWidth: 0 });
export const fileSize = style({ flex: 'none', opacity: 0.75, fontSize: vars.fontSize.xs });

export const menuButton = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
  flex: '0 0 auto',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const check = style({ width: '20px', height: '20px', accentColor: vars.color.accent, alignSelf: 'center' });

export const composer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
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
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: `3px solid ${vars.color.accent}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const actionBar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});

export const menuList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const menuItem = style({
  width: '100%',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  background: 'transparent',
  textAlign: 'left',
  font: 'inherit',
  color: vars.color.text,
  cursor: 'pointer',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const dangerItem = style([menuItem, { color: vars.color.danger }]);

export const olderError = style({ padding: `${vars.space.sm} ${vars.space.lg}` });

export const loadingOlder = style({
  textAlign: 'center',
  padding: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const highlight = style({ outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' });

export const swatches = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  border: 'none',
  padding: 0,
  margin: 0,
});

/** Stands in for a message that could not be rendered, so the rest of the chat keeps working. */
export const unshowable = style({
  margin: `${vars.space.xs} ${vars.space.lg}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontStyle: 'italic',
});

/** Where a new day starts in the history: the day, centred on a hairline. */
export const daySeparator = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `${vars.space.md} ${vars.space.lg} ${vars.space.xs}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&::before, &::after': { content: "''", flex: 1, borderTop: `1px solid ${vars.color.border}` },
  },
});

export const tray = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
const trayBase = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
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
export const trayBody = style({ display: 'flex', flexDirection: 'column', gap: '2px', flex: 1, minWidth: 0 });
export const trayName = style({
  fontSize: vars.fontSize.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
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

export const senderPhoto = style({
  flex: '0 0 auto',
  width: '28px',
  height: '28px',
  borderRadius: '50%',
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  selectors: { '&[data-empty]': { background: 'none' } },
});

export const senderPhotoImage = style({ width: '100%', height: '100%', objectFit: 'cover' });
