import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { OpenApiDocument } from './schema.ts';

export { collectExamples, type ExampleCase } from './examples.ts';
export * from './recording.ts';
export * from './schema.ts';

// From the module's file URL string, not through the global `URL`: a DOM test environment
// (happy-dom, jsdom) replaces that global with one whose URLs node:url refuses.
export const contractPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'openapi.yaml');

/**
 * A contract's text (YAML or JSON) as a document. js-yaml with its core schema reads exactly what
 * the `yaml` package does for a contract (no dates, no merge keys, yes/no stay strings; a test
 * compares the two on openapi.yaml) in a fifth of the time: parsing is the largest single cost of
 * a mock's start, and of each test file and checker run that reads the contract.
 */
export function parseContract(text: string): OpenApiDocument {
  return load(text, { schema: CORE_SCHEMA }) as OpenApiDocument;
}

export function loadContract(path: string = contractPath): OpenApiDocument {
  return parseContract(readFileSync(path, 'utf8'));
}
