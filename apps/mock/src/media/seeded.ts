import { resumePdfBytes } from '../seed/resume-pdf.ts';
import { avatarSvg, pictureSvg } from './drawings.ts';
import { loadSharp } from './sharp.ts';

export { avatarSvg, hue, pictureSvg } from './drawings.ts';

// Seeded photos, GIFs and résumés are drawn here from their name (no faker, no network): the
// same name gives the same bytes. They are made on first request and kept in a small cache, so
// seeding 100k users costs nothing at start-up.

export const PICTURE_SIZE = { width: 800, height: 600 } as const;
export const GIF_SIZE = { width: 320, height: 240 } as const;

/** The seeded résumé PDF as a Node Buffer (what Express sends). */
export function resumePdf(name: string, lines: string[]): Buffer {
  return Buffer.from(resumePdfBytes(name, lines));
}

/** At most `max` rendered files, least recently used dropped first. */
export class RenderCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  constructor(private readonly max = 2000) {}

  get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const made = render();
    made.catch(() => this.entries.delete(key));
    this.entries.set(key, made);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return made;
  }
}

export const renderAvatar = async (initials: string, seed: string) =>
  (await loadSharp())(Buffer.from(avatarSvg(initials, seed)))
    .png()
    .toBuffer();
export const renderPicture = async (seed: string) =>
  (await loadSharp())(Buffer.from(pictureSvg(seed)))
    .jpeg({ quality: 80 })
    .toBuffer();
export const renderGif = async (seed: string) =>
  (await loadSharp())(Buffer.from(pictureSvg(seed)))
    .resize(GIF_SIZE.width, GIF_SIZE.height)
    .gif()
    .toBuffer();
