import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'background 120ms ease, border-color 120ms ease',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

export const variant = styleVariants({
  primary: [
    base,
    {
      background: vars.color.accent,
      color: vars.color.onAccent,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.accent,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.accentSoft } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: vars.color.accent,
      selectors: {
        '&:hover:not(:disabled)': { background: vars.color.accentSoft },
        '&:disabled': { color: vars.color.textMuted },
      },
    },
  ],
  danger: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.danger,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerSoft } },
    },
  ],
});

export const block = style({ width: '100%' });
export const small = style({ minHeight: '36px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: '1em',
  height: '1em',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
});
