import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each test starts a real server and sends hundreds of requests; this machine is slow.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
