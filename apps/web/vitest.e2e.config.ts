import { defineConfig } from 'vitest/config';
import { srcAlias } from './alias.ts';

// Browser tests: real Chromium against the built app (vite preview) and the real mock, one file at a time.
export default defineConfig({
  resolve: { alias: srcAlias },
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
