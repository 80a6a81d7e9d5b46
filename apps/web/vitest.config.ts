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
    // Files share their worker's modules (the app, the mock engine, MSW): importing them again for each of
    // 60 files cost more than the tests. State is reset per test (test/setup.ts), not per module graph.
    isolate: false,
    // Vitest's default on 2 cores is one worker; the tests mostly wait on renders and timers.
    maxWorkers: 2,
    // Typing-driven UI tests on a busy 2-core CI machine can pass the 5 s default.
    testTimeout: 20_000,
  },
});
