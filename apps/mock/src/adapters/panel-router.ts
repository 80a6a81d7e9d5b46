import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type RequestHandler, Router } from 'express';
import type { EngineRequest } from '../lib/http.ts';
import { HttpError } from '../lib/http-error.ts';

/** The page's own rules: its scripts and styles from the mock only, its calls to the mock only, never framed. */
const PANEL_CSP =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'";

/** The built panel: `dist/panel` beside the source (tsx) or beside the bundle (`dist/main.js`). */
export function panelDir(): string | undefined {
  for (const url of ['../../dist/panel/', './panel/']) {
    const dir = fileURLToPath(new URL(url, import.meta.url));
    if (existsSync(`${dir}index.html`)) return dir;
  }
  return undefined;
}

export interface PanelOptions {
  /** The `/__mock` guard: the panel is refused exactly where the endpoints are. */
  guard: (req: EngineRequest) => void;
  /** Where the web app runs (links into it: "open the app in this session"). */
  webOrigin: string;
  dir?: string | undefined;
}

/** `/__mock/ui`: the control panel's built files, behind the `/__mock` guard. */
export function panelRouter({ guard, webOrigin, dir = panelDir() }: PanelOptions): Router {
  const router = Router();
  const guarded: RequestHandler = (req, res, next) => {
    try {
      guard({ native: req } as unknown as EngineRequest);
    } catch (error) {
      const e = HttpError.from(error);
      res.status(e.status).set(e.headers).json(e.toBody());
      return;
    }
    res.set('Content-Security-Policy', PANEL_CSP);
    res.set('Cache-Control', 'no-cache');
    next();
  };
  router.use('/__mock/ui', guarded);
  router.get('/__mock/ui/app.json', (_req, res) => {
    res.json({ webOrigin });
  });
  if (dir) router.use('/__mock/ui', express.static(dir, { index: 'index.html', redirect: true }));
  router.use('/__mock/ui', (_req, res) => {
    const e = dir
      ? HttpError.notFound('No such file in the control panel.')
      : HttpError.notFound('The control panel is not built: run pnpm --filter @cohort/mock build:panel.');
    res.status(e.status).json(e.toBody());
  });
  return router;
}
