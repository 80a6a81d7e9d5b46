import { defineConfig } from 'vitest/config';
import { srcAlias } from './alias.ts';

// Browser tests: real Chromium against the built app (vite preview) and the real mock. Each file starts
// its own mock, preview and browser, so files share no state and two run at once (Vitest's default
// on a 2-core machine would be one).
export default defineConfig({
  resolve: { alias: srcAlias },
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
