import { copyFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
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

/**
 * What only the offline build has: the entry that starts the engine before the app (the normal
 * entry and its chunks stay as they are), the contract as JSON (read from openapi.yaml at build),
 * MSW's worker script (served in dev, emitted in the build, never in `dist`), and `404.html` for
 * static hosts' SPA fallback.
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
    },
  };
}
