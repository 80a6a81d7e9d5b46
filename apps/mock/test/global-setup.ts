import type { TestProject } from 'vitest/node';
import { buildMock } from '../scripts/build.mjs';
import { hashPassword } from '../src/engine/password.ts';
import { SEEDED_PASSWORD } from '../src/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded password's hash, made once for the run: hashing is slow on purpose. */
    seededPasswordHash: string;
    /** The mock bundled once for the run (dist/test-run/main.js): what test/child.ts starts by default. */
    mockBundle: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide('seededPasswordHash', await hashPassword(SEEDED_PASSWORD));
  // A start through tsx compiles the whole source first (seconds on a busy machine, each start).
  project.provide('mockBundle', await buildMock('dist/test-run'));
}
