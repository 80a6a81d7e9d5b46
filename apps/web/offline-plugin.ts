import { copyFileSync, cpSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { Plugin } from 'vite';

/** The mode of `pnpm dev:offline` and `build:demo`: the mock engine runs in the tab, behind MSW's service worker. */
export const OFFLINE_MODE = 'offline';
export const WORKER_FILE = 'mockServiceWorker.js';
const CONTRACT_ID = 'virtual:cohort-contract';

const require = createRequire(import.meta.url);
/** openapi.yaml, parsed as @cohort/openapi's `loadContract` does (that module is TypeScript, which a Vite config cannot import). */
const contractJson = () =>
  JSON.stringify(load(readFileSync(require.resolve('@cohort/openapi/openapi.yaml'), 'utf8'), { schema: CORE_SCHEMA }));
const workerScript = () => readFileSync(require.resolve(`msw/${WORKER_FILE}`), 'utf8');
/** The mock's control panel as `pnpm --filter @cohort/mock build:panel` builds it. */
const panelDir = () => join(dirname(require.resolve('@cohort/mock/scenario.schema.json')), 'dist', 'panel');
/** Beside the panel: its web app is the page two levels up, and the engine runs in the app's tab (reached over a BroadcastChannel). */
const PANEL_INFO = JSON.stringify({ webOrigin: '', engine: 'tab' });
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * What only the offline build has: the entry that starts the engine before the app (the normal
 * entry and its chunks stay as they are), the contract as JSON (read from openapi.yaml at build),
 * MSW's worker script (served in dev, emitted in the build, never in `dist`), `404.html` for
 * static hosts' SPA fallback, and the mock's control panel at `__mock/ui/` (built by the mock's `build:panel`).
 */
export function offlinePlugin(): Plugin {
  let outDir = '';
  return {
    name: 'cohort-offline',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    resolveId(id) {
      return id === CONTRACT_ID ? `\0${CONTRACT_ID}` : undefined;
    },
    load(id) {
      return id === `\0${CONTRACT_ID}` ? `export default ${contractJson()};` : undefined;
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('/src/main.tsx', '/src/offline/main.ts'),
    },
    configureServer(server) {
      const panelAt = `${server.config.base}__mock/ui/`;
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (!path.startsWith(panelAt)) return next();
        const rest = normalize(path.slice(panelAt.length) || 'index.html').replace(/^(\.\.[/\\])+/, '');
        if (rest === 'app.json') {
          res.setHeader('Content-Type', 'application/json');
          res.end(PANEL_INFO);
          return;
        }
        const file = join(panelDir(), rest);
        if (!existsSync(file) || !statSync(file).isFile()) {
          res.statusCode = 404;
          res.end(
            existsSync(panelDir())
              ? 'No such file in the control panel.'
              : 'The control panel is not built: run pnpm --filter @cohort/mock build:panel.',
          );
          return;
        }
        res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
        res.end(readFileSync(file));
      });
      server.middlewares.use((req, res, next) => {
        if (!req.url?.split('?')[0]?.endsWith(`/${WORKER_FILE}`)) return next();
        res.setHeader('Content-Type', 'text/javascript');
        res.end(workerScript());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WORKER_FILE, source: workerScript() });
    },
    closeBundle() {
      copyFileSync(join(outDir, 'index.html'), join(outDir, '404.html'));
      if (!existsSync(panelDir())) {
        console.warn(
          'The mock panel is not built (pnpm --filter @cohort/mock build:panel): the demo has no /__mock/ui/.',
        );
        return;
      }
      cpSync(panelDir(), join(outDir, '__mock', 'ui'), { recursive: true });
      writeFileSync(join(outDir, '__mock', 'ui', 'app.json'), PANEL_INFO);
    },
  };
}
