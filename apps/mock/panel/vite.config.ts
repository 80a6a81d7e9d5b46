import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into the mock's dist/panel, which the mock serves at /__mock/ui (no dev server).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative, so the same files serve /__mock/ui/ on the mock and under the offline demo's base path.
  base: './',
  plugins: [react(), vanillaExtractPlugin()],
  build: {
    outDir: fileURLToPath(new URL('../dist/panel', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
});
