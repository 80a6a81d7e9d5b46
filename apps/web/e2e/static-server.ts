import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface StaticHost {
  url: string;
  close: () => Promise<void>;
}

/**
 * A plain static file host, as GitHub Pages or a bucket is: files of `dir` under `base`, and for
 * any other path `404.html` with status 404 (the demo's SPA fallback). No proxy, no rewrite.
 */
export async function serveStatic(dir: string, base = '/'): Promise<StaticHost> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    const send = (status: number, file: string) =>
      readFile(file).then((body) => {
        res.writeHead(status, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      });
    const inside = path.startsWith(base) ? normalize(path.slice(base.length)).replace(/^(\.\.[/\\])+/, '') : null;
    const file =
      inside === null ? null : join(dir, inside === '' || inside.endsWith('/') ? `${inside}index.html` : inside);
    const fallback = () => send(404, join(dir, '404.html')).catch(() => res.writeHead(404).end());
    if (file === null) void fallback();
    else void send(200, file).catch(fallback);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
