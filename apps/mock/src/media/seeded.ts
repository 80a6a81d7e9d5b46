import { createHash } from 'node:crypto';
import { resumePdfBytes } from './resume-pdf.ts';
import { loadSharp } from './sharp.ts';

// Seeded photos, GIFs and résumés are drawn here from their name (no faker, no network): the
// same name gives the same bytes. They are made on first request and kept in a small cache, so
// seeding 100k users costs nothing at start-up.

export function hue(text: string, salt = ''): number {
  return (
    createHash('sha256')
      .update(salt + text)
      .digest()
      .readUInt16BE(0) % 360
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function avatarSvg(initials: string, seed: string): string {
  const h = hue(seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 128 128">
<rect width="128" height="128" fill="hsl(${h}, 55%, 88%)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="52" font-weight="600" fill="hsl(${h}, 45%, 32%)">${escapeXml(initials)}</text>
</svg>`;
}

export function pictureSvg(seed: string): string {
  const a = hue(seed, 'a');
  const b = hue(seed, 'b');
  const sun = 120 + (hue(seed, 'c') % 560);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${a}, 70%, 78%)"/><stop offset="1" stop-color="hsl(${b}, 60%, 90%)"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#sky)"/>
<circle cx="${sun}" cy="170" r="70" fill="hsl(${(a + 40) % 360}, 85%, 70%)"/>
<path d="M0 430 L180 290 L330 410 L500 250 L800 460 L800 600 L0 600 Z" fill="hsl(${b}, 35%, 45%)"/>
<path d="M0 500 L260 400 L520 500 L800 420 L800 600 L0 600 Z" fill="hsl(${b}, 40%, 32%)"/>
</svg>`;
}

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
