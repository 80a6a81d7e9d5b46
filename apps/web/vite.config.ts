import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { srcAlias } from './alias.ts';
import { OFFLINE_MODE, offlinePlugin } from './offline-plugin.ts';
import { apiProxy, DEFAULT_MOCK_URL } from './proxy.ts';

const proxy = apiProxy(process.env.MOCK_URL ?? DEFAULT_MOCK_URL);

export default defineConfig(({ mode }) =>
  mode === OFFLINE_MODE
    ? {
        // `pnpm dev:offline` and `build:demo`: no mock server, the engine runs in the tab (offline-plugin.ts).
        // DEMO_BASE serves the demo under a path (`DEMO_BASE=/cohort/`).
        base: process.env.DEMO_BASE ?? '/',
        resolve: { alias: srcAlias },
        plugins: [react(), vanillaExtractPlugin(), offlinePlugin()],
        server: { port: 5173 },
        // The engine, faker and the contract make one ~1.4 MB chunk (~450 KB gzip) that only the demo loads.
        build: { outDir: 'dist-demo', manifest: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
      }
    : {
        plugins: [react(), vanillaExtractPlugin()],
        resolve: { alias: srcAlias },
        server: { port: 5173, proxy },
        preview: { proxy },
        // The manifest lets scripts/check-size.mjs find exactly the chunks that /login loads.
        build: { manifest: true, sourcemap: false },
      },
);
