import { defineConfig } from 'vitest/config';

// Integration tests start real servers and seed real data; on a busy 2-core CI machine a seed
// with the 10,000-message archive takes seconds, so the 5 s default is too tight.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
