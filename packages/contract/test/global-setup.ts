import { buildMock } from '@cohort/mock/build';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The mock bundled once for the run: what test/mock.ts starts, instead of compiling its source per start. */
    mockBundle: string;
  }
}

export default async function setup(project: TestProject) {
  // A folder of its own: the mock's suite bundles into dist/test-run and may run beside this one.
  project.provide('mockBundle', await buildMock('dist/contract-test-run'));
}
