import { type Response, Router } from 'express';
import { HttpError } from '../lib/http-error.ts';
import type { MediaFiles } from '../media/files.ts';
import { SAFE_IMAGES } from '../media/limits.ts';
import { RenderCache, renderAvatar, renderGif, renderPicture } from '../media/seeded.ts';
import { seededResume } from '../seed/media.ts';
import type { Store } from '../store/store.ts';

/** Files never change under their URL (a new upload gets a new id; seeded ones are drawn from their name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Headers of every served file: its real type, never sniffed, never run as a page, a download unless a raster image. */
function fileHeaders(res: Response, mime: string, name: string): void {
  res.set('Cache-Control', IMMUTABLE);
  res.set('Content-Security-Policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
  res.set('X-Content-Type-Options', 'nosniff');
  if (SAFE_IMAGES.has(mime)) res.set('Content-Disposition', 'inline');
  else res.attachment(name);
  res.type(mime);
}

function stripExtension(file: string, ext: string): string {
  if (!file.endsWith(ext)) throw HttpError.notFound('No such file.');
  return file.slice(0, -ext.length);
}

/**
 * `/media/…`, outside the contract: uploads (`/media/<med_id>/<file>`, with Range) and the seeded
 * photos, GIFs, résumés and attachments, drawn on first request and cached.
 */
export function mediaRouter(store: Store, files: MediaFiles): Router {
  const router = Router();
  const cache = new RenderCache();
  const sendBuffer = (res: Response, body: Buffer, mime: string, name: string) => {
    fileHeaders(res, mime, name);
    res.send(body);
  };
  router.get('/media/avatars/:file', async (req, res) => {
    const file = req.params.file;
    // Older data files name the SVG avatars of before: send them to the raster one.
    if (file.endsWith('.svg'))
      return res.redirect(301, `/media/avatars/${encodeURIComponent(stripExtension(file, '.svg'))}.png`);
    const user = store.accounts.find(stripExtension(file, '.png'));
    if (!user) throw HttpError.notFound('No such avatar.');
    const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
    const body = await cache.get(`a/${user.id}/${initials}`, () => renderAvatar(initials, user.id));
    sendBuffer(res, body, 'image/png', file);
  });
  router.get('/media/images/:file', async (req, res) => {
    const file = req.params.file;
    const [, name, ext] = /^(\w{1,64})\.(svg|jpg|gif)$/.exec(file) ?? [];
    if (!name || !ext) throw HttpError.notFound('No such file.');
    if (ext === 'svg') return res.redirect(301, `/media/images/${name}.jpg`);
    const gif = ext === 'gif';
    const body = await cache.get(`i/${file}`, () => (gif ? renderGif(name) : renderPicture(name)));
    sendBuffer(res, body, gif ? 'image/gif' : 'image/jpeg', file);
  });
  router.get('/media/resumes/:userId/:file', (req, res) => {
    const { userId, file } = req.params;
    if (!store.accounts.find(userId) || !/^\w{1,80}_Resume\.pdf$/.test(file)) throw HttpError.notFound('No such file.');
    sendBuffer(res, Buffer.from(seededResume(userId, file)), 'application/pdf', file);
  });
  router.get('/media/files/:file', (req, res) => {
    const name = req.params.file;
    sendBuffer(
      res,
      Buffer.from(`${name}\n\nA sample attachment served by the Cohort mock server.\n`),
      'text/plain',
      name,
    );
  });
  router.get('/media/:id/:file', (req, res, next) => {
    const { id, file } = req.params;
    const media = store.media.get(id);
    // An avatar's original is kept but never served: only the files its answer named.
    const known = media && store.media.served(media).includes(file);
    const path = known ? files.pathOf(id, file) : undefined;
    if (!media || !path) throw HttpError.notFound('No such file.');
    const original = file === media.files.original;
    fileHeaders(res, original ? media.mime : 'image/webp', original ? media.name : file);
    // `send` answers Range (206, 416), conditional requests and HEAD; it keeps the headers set above.
    res.sendFile(
      path,
      { cacheControl: false, dotfiles: 'deny' },
      (error?: Error & { status?: number; headers?: Record<string, string> }) => {
        if (!error || res.headersSent) return;
        // 416 (a Range past the end) keeps its Content-Range; anything else is a missing file.
        next(
          error.status === 416
            ? new HttpError(416, 'Range not satisfiable.', undefined, error.headers ?? {})
            : HttpError.notFound('No such file.'),
        );
      },
    );
  });
  return router;
}
