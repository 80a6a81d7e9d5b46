import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    // Files run two at a time (Vitest's default on 2 cores is one), and a worker keeps the modules it
    // loaded between files: loading the mock's source, faker and the contract took seconds per file.
    // Each file still starts its own servers on its own state; per-test checks are in test/setup.ts.
    isolate: false,
    maxWorkers: 2,
    // Integration tests start real servers and seed real data; on a busy 2-core CI machine a seed
    // with the 10,000-message archive takes seconds, so the 5 s default is too tight.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
