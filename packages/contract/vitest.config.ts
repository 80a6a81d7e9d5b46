import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Files run two at a time (Vitest's default on 2 cores is one): a file spends much of its time
    // waiting on its own servers, child mocks and CLI processes, each on a port of its own. A worker
    // keeps the modules it loaded between files (the checker, the contract, the in-process mock) and
    // what they cache: the compiled contract (src/index.ts) and the fixture's validators.
    isolate: false,
    maxWorkers: 2,
    // Each test starts a real server and sends hundreds of requests; this machine is slow.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
