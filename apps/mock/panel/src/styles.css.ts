import { createGlobalTheme, globalStyle, style, styleVariants } from '@vanilla-extract/css';

/** The web app's palette and spacing, so the panel reads as part of the project. */
export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#f4f5f8',
    surface: '#ffffff',
    surfaceMuted: '#eef0f5',
    text: '#14161f',
    textMuted: '#5b6072',
    border: '#dfe2ea',
    accent: '#3a4fd6',
    accentHover: '#2e40b8',
    accentSoft: '#e8ebfc',
    onAccent: '#ffffff',
    danger: '#b3261e',
    dangerSoft: '#fdecea',
    success: '#1b6e3c',
    successSoft: '#e6f4ea',
    focus: '#3a4fd6',
  },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
  radius: { sm: '8px', md: '12px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('body', {
  margin: 0,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: '15px',
  lineHeight: 1.45,
});
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });

export const shell = style({ maxWidth: '1100px', margin: '0 auto', padding: vars.space.lg });
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
export const title = style({ fontSize: '20px', margin: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: '13px' });

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.lg,
});
const tabBase = style({
  appearance: 'none',
  border: 'none',
  background: 'none',
  padding: `${vars.space.sm} ${vars.space.md}`,
  font: 'inherit',
  color: vars.color.textMuted,
  cursor: 'pointer',
  borderBottom: '2px solid transparent',
  whiteSpace: 'nowrap',
  minHeight: '44px',
});
export const tab = styleVariants({
  idle: [tabBase],
  active: [tabBase, { color: vars.color.accent, borderBottomColor: vars.color.accent, fontWeight: 600 }],
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
});
export const cardTitle = style({ fontSize: '16px', margin: `0 0 ${vars.space.md}` });

export const form = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.md });
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: '140px',
  flex: '1 1 140px',
});
export const label = style({ fontSize: '13px', fontWeight: 600 });
export const input = style({
  font: 'inherit',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  minHeight: '40px',
  width: '100%',
});

const buttonBase = style({
  font: 'inherit',
  fontWeight: 600,
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: '40px',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: { '&:disabled': { opacity: 0.6, cursor: 'default' } },
});
export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.accent, color: vars.color.onAccent }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
  danger: [buttonBase, { background: vars.color.surface, color: vars.color.danger, borderColor: vars.color.border }],
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
});
export const grow = style({ flex: '1 1 200px', minWidth: 0 });
export const name = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const link = style({ color: vars.color.accent, fontWeight: 600, overflowWrap: 'anywhere' });

export const notice = styleVariants({
  error: {
    background: vars.color.dangerSoft,
    color: vars.color.danger,
    padding: vars.space.md,
    borderRadius: vars.radius.sm,
    margin: `${vars.space.md} 0 0`,
  },
  ok: {
    background: vars.color.successSoft,
    color: vars.color.success,
    padding: vars.space.md,
    borderRadius: vars.radius.sm,
    margin: `${vars.space.md} 0 0`,
  },
});
export const empty = style({ color: vars.color.textMuted, margin: 0 });

export const entryButton = style({
  appearance: 'none',
  width: '100%',
  textAlign: 'left',
  font: 'inherit',
  background: 'none',
  border: 'none',
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.sm} ${vars.space.xs}`,
  display: 'grid',
  gridTemplateColumns: '3.2em 4.2em 1fr',
  gap: vars.space.sm,
  alignItems: 'baseline',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
export const mono = style({ fontFamily: vars.font.mono, fontSize: '13px', overflowWrap: 'anywhere' });
export const status = styleVariants({
  ok: { color: vars.color.success, fontWeight: 700, fontFamily: vars.font.mono },
  bad: { color: vars.color.danger, fontWeight: 700, fontFamily: vars.font.mono },
});
export const pre = style({
  fontFamily: vars.font.mono,
  fontSize: '12px',
  background: vars.color.surfaceMuted,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  overflowX: 'auto',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: `${vars.space.xs} 0 ${vars.space.md}`,
});
export const live = styleVariants({
  open: { color: vars.color.success, fontWeight: 600, fontSize: '13px' },
  down: { color: vars.color.danger, fontWeight: 600, fontSize: '13px' },
});
export const big = style({
  fontSize: '22px',
  fontWeight: 700,
  fontFamily: vars.font.mono,
  margin: `0 0 ${vars.space.md}`,
  overflowWrap: 'anywhere',
});

export const code = style([
  input,
  { fontFamily: vars.font.mono, fontSize: '13px', minHeight: '220px', resize: 'vertical', lineHeight: 1.4 },
]);
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
  margin: `${vars.space.sm} 0 0`,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const legend = style({ fontSize: '13px', fontWeight: 600, padding: `0 ${vars.space.xs}` });
export const check = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: '40px' });
export const issues = style({
  margin: `${vars.space.sm} 0 0`,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.sm} ${vars.space.xl}`,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.sm,
  fontSize: '13px',
});
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, marginTop: vars.space.md });
export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  fontSize: '12px',
  fontWeight: 600,
  marginRight: vars.space.xs,
});
export const inlineInput = style([input, { flex: '1 1 140px', width: 'auto', minWidth: 0 }]);
export const propertyRow = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'flex-end' });
export const toggle = style([actions, { border: 'none', margin: 0, padding: 0, minWidth: 0 }]);
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
