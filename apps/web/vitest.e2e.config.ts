import { defineConfig } from 'vitest/config';
import { srcAlias } from './alias.ts';

// Browser tests: real Chromium against the built app and the real mock. Each file starts its own mock
// (and a plain server for the built app, proxying /api to it) and opens contexts of its own in the run's
// one Chromium (global-setup.ts), so files share no state and two run at once (Vitest's default on a
// 2-core machine would be one).
export default defineConfig({
  resolve: { alias: srcAlias },
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    maxWorkers: 2,
    // A file's module state is its own test file's; the harness and Playwright load once per worker.
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
