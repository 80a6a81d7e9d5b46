import { buildMock } from '@cohort/mock/build';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The mock bundled once for the whole run (apps/mock/dist/e2e/main.js), as `pnpm start` runs it. */
    mockMain: string;
  }
}

// Each test file starts its own mock: from a bundle (with its prebuilt default seed) that takes a
// fraction of the time tsx needs to compile the mock's source on every start.
export default async function setup(project: TestProject) {
  project.provide('mockMain', await buildMock('dist/e2e'));
}
