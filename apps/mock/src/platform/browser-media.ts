import { HttpResponse, http, type RequestHandler } from 'msw';
import type { MockEngine } from '../engine/index.ts';
import { avatarSvg, pictureSvg } from '../media/drawings.ts';
import { seededResume } from '../seed/media.ts';

const SVG = { 'Content-Type': 'image/svg+xml' };
const notFound = () => new HttpResponse(null, { status: 404 });

/**
 * `/media/…` in the browser, as the Node server's media router serves it, without sharp: seeded
 * avatars and photos as their SVG drawings (the server rasterises the same drawings), seeded
 * résumés and files, and uploads from the engine's memory media.
 */
export function browserMediaHandlers(engine: MockEngine, uploads: Map<string, Uint8Array>): RequestHandler[] {
  return [
    http.get('/media/avatars/:file', ({ params }) => {
      const user = engine.store.accounts.find(String(params.file).replace(/\.(png|svg)$/, ''));
      if (!user) return notFound();
      const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
      return new HttpResponse(avatarSvg(initials, user.id), { headers: SVG });
    }),
    http.get('/media/images/:file', ({ params }) => {
      const name = /^(\w{1,64})\.(svg|jpg|gif)$/.exec(String(params.file))?.[1];
      return name ? new HttpResponse(pictureSvg(name), { headers: SVG }) : notFound();
    }),
    http.get('/media/resumes/:userId/:file', ({ params }) => {
      const file = String(params.file);
      if (!engine.store.accounts.find(String(params.userId)) || !/^\w{1,80}_Resume\.pdf$/.test(file)) return notFound();
      return new HttpResponse(seededResume(String(params.userId), file), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    }),
    http.get('/media/files/:file', ({ params }) =>
      HttpResponse.text(`${params.file}\n\nA sample attachment served by the Cohort mock (in this tab).\n`),
    ),
    http.get('/media/:id/:file', ({ params }) => {
      const media = engine.store.media.get(String(params.id));
      const bytes = uploads.get(`${params.id}/${params.file}`);
      if (!media || !bytes) return notFound();
      return new HttpResponse(bytes, { headers: { 'Content-Type': media.mime } });
    }),
  ];
}
