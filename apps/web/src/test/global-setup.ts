import { loadContract, type OpenApiDocument } from '@cohort/openapi';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** openapi/openapi.yaml, parsed once in Node for every test file (see test/contract.ts). */
    contract: OpenApiDocument;
  }
}

export default function setup(project: TestProject) {
  project.provide('contract', loadContract());
}
