import { vars } from '../../styles/theme.css.ts';

/** The named text-card backgrounds (the contract's StoryBackground), in the order the picker offers them. */
export const BACKGROUNDS = ['ocean', 'sunset', 'forest', 'berry', 'night'] as const;
export type NamedBackground = (typeof BACKGROUNDS)[number];

/** A text card's CSS colour: a named one from the theme, a `#rrggbb` as given, else the night one. */
export function backgroundColour(background: string | null | undefined): string {
  if (background && (BACKGROUNDS as readonly string[]).includes(background))
    return vars.story[background as NamedBackground];
  if (background && /^#[0-9a-f]{6}$/i.test(background)) return background;
  return vars.story.night;
}
