import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiProxy, DEFAULT_MOCK_URL } from './proxy.ts';

const proxy = apiProxy(process.env.MOCK_URL ?? DEFAULT_MOCK_URL);

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: { port: 5173, proxy },
  preview: { proxy },
  // The manifest lets scripts/check-size.mjs find exactly the chunks that /login loads.
  build: { manifest: true, sourcemap: false },
});
