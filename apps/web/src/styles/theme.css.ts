import { createGlobalTheme } from '@vanilla-extract/css';

/** The one place colours, spacing and type live; components use `vars`, never raw values. */
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
    overlay: 'rgba(20, 22, 31, 0.45)',
    focus: '#3a4fd6',
    storyRing: '#d6336c',
    storySeen: '#b9bdc9',
    storyScrim: '#0b0c10',
    storyTrack: 'rgba(255, 255, 255, 0.35)',
    // The full-screen image viewer: a near-black backdrop and its controls.
    viewer: 'rgba(10, 11, 16, 0.96)',
    onViewer: '#ffffff',
    viewerControl: 'rgba(255, 255, 255, 0.14)',
  },
  /** A story text card's named backgrounds (the contract's StoryBackground names). */
  story: {
    sunset: '#c2410c',
    ocean: '#1864ab',
    forest: '#237032',
    berry: '#a61e4d',
    night: '#212529',
  },
  space: {
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
  },
  radius: {
    sm: '8px',
    md: '12px',
    lg: '20px',
    pill: '999px',
  },
  font: {
    // Emoji fonts named last: where the text font has no emoji they come from these, not empty boxes.
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", emoji',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    bold: '650',
  },
  size: {
    touch: '44px',
    column: '480px',
    tabBar: '64px',
  },
  shadow: {
    card: '0 1px 2px rgba(20, 22, 31, 0.06), 0 1px 8px rgba(20, 22, 31, 0.04)',
    sheet: '0 -8px 32px rgba(20, 22, 31, 0.18)',
  },
});
