import { defineConfig } from 'vitest/config';

// Compiling every schema of the contract with Ajv takes seconds on a busy 2-core CI machine.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
