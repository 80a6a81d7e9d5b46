import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { srcAlias } from './alias.ts';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { alias: srcAlias },
  test: {
    environment: 'happy-dom',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Typing-driven UI tests on a busy 2-core CI machine can pass the 5 s default.
    testTimeout: 20_000,
  },
});
