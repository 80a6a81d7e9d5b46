import { createHash } from 'node:crypto';
import { Router } from 'express';
import { HttpError } from '../http-error.ts';
import type { Store } from '../store/store.ts';

// Seeded photos and attachments are served here, generated on the fly, so the mock works offline
// (the data holds relative URLs such as `/media/avatars/usr_….svg`).
const CACHE = 'public, max-age=86400, immutable';

function hue(text: string, salt = ''): number {
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
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(initials)}">
<rect width="128" height="128" fill="hsl(${h} 55% 88%)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="52" font-weight="600" fill="hsl(${h} 45% 32%)">${escapeXml(initials)}</text>
</svg>`;
}

export function pictureSvg(seed: string): string {
  const a = hue(seed, 'a');
  const b = hue(seed, 'b');
  const sun = 120 + (hue(seed, 'c') % 560);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="Photo">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${a} 70% 78%)"/><stop offset="1" stop-color="hsl(${b} 60% 90%)"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#sky)"/>
<circle cx="${sun}" cy="170" r="70" fill="hsl(${(a + 40) % 360} 85% 70%)"/>
<path d="M0 430 L180 290 L330 410 L500 250 L800 460 L800 600 L0 600 Z" fill="hsl(${b} 35% 45%)"/>
<path d="M0 500 L260 400 L520 500 L800 420 L800 600 L0 600 Z" fill="hsl(${b} 40% 32%)"/>
</svg>`;
}

function stripExtension(file: string, ext: string): string {
  if (!file.endsWith(ext)) throw HttpError.notFound('No such file.');
  return file.slice(0, -ext.length);
}

/** `/media/avatars/:userId.svg`, `/media/images/:name.svg`, `/media/files/:name`; outside the contract. */
export function mediaRouter(store: Store): Router {
  const router = Router();
  router.get('/media/avatars/:file', (req, res) => {
    const user = store.accounts.find(stripExtension(req.params.file, '.svg'));
    if (!user) throw HttpError.notFound('No such avatar.');
    const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
    res.set('Cache-Control', CACHE).type('image/svg+xml').send(avatarSvg(initials, user.id));
  });
  router.get('/media/images/:file', (req, res) => {
    const name = stripExtension(req.params.file, '.svg');
    res.set('Cache-Control', CACHE).type('image/svg+xml').send(pictureSvg(name));
  });
  router.get('/media/files/:file', (req, res) => {
    const name = req.params.file;
    res
      .set('Cache-Control', CACHE)
      .attachment(name)
      .type('text/plain')
      .send(`${name}\n\nA sample attachment served by the Cohort mock server.\n`);
  });
  return router;
}
