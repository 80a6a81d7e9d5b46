import type { TestProject } from 'vitest/node';
import { hashPassword } from '../src/engine/password.ts';
import { SEEDED_PASSWORD } from '../src/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded password's hash, made once for the run: hashing is slow on purpose. */
    seededPasswordHash: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide('seededPasswordHash', await hashPassword(SEEDED_PASSWORD));
}
