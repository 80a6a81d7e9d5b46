import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { apiProxy } from '../proxy.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface AppHost {
  url: string;
  close: () => Promise<void>;
}

/** Built files are read once per process: every file's host serves the same build. */
const files = new Map<string, Promise<Buffer | null>>();
function builtFile(path: string): Promise<Buffer | null> {
  let file = files.get(path);
  if (!file) {
    file = stat(path).then(
      (s) => (s.isFile() ? readFile(path) : null),
      () => null,
    );
    files.set(path, file);
  }
  return file;
}

/** Sends the request on to the mock as it came (streamed both ways, so event streams flow), as `vite preview`'s proxy does. */
function forward(req: IncomingMessage, res: ServerResponse, target: URL) {
  const upstream = request(
    {
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      // changeOrigin, as apiProxy asks: the mock sees its own host.
      headers: { ...req.headers, host: target.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

/**
 * The built app (`dir`, vite build's output) as `vite preview` serves it, with the API paths of
 * proxy.ts sent to `mockUrl`: a plain Node server, so a test file does not pay for starting Vite.
 * A path that is not a file gets index.html (the app's own routes).
 */
export async function serveApp(dir: string, mockUrl: string): Promise<AppHost> {
  const target = new URL(mockUrl);
  const prefixes = Object.keys(apiProxy(mockUrl));
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    if (prefixes.some((p) => path === p || path.startsWith(`${p}/`))) return forward(req, res, target);
    const inside = normalize(path).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, inside.endsWith('/') ? `${inside}index.html` : inside);
    void builtFile(file)
      .then(async (body) => {
        if (body) return { body, type: TYPES[extname(file)] ?? 'application/octet-stream' };
        // A missing asset is a 404; any other path is one of the app's routes.
        if (extname(path) && extname(path) !== '.html') return null;
        const index = await builtFile(join(dir, 'index.html'));
        return index && { body: index, type: TYPES['.html'] as string };
      })
      .then((found) => {
        if (!found) return res.writeHead(404).end();
        res.writeHead(200, { 'Content-Type': found.type, 'Cache-Control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : found.body);
      })
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
