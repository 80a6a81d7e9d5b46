import { style } from '@vanilla-extract/css';
import { flexColumn } from '@/styles/recipes.ts';
import { vars } from '../../styles/theme.css.ts';

export const field = style({ ...flexColumn(vars.space.xs) });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.text });

export const input = style({
  minHeight: vars.size.touch,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
  width: '100%',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:focus': { borderColor: vars.color.accent, outline: `2px solid ${vars.color.accentSoft}` },
  },
});

export const textarea = style([input, { minHeight: '120px', resize: 'vertical', lineHeight: 1.45 }]);

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger, margin: 0 });
export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 });
