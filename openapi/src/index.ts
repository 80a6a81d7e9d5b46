import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { OpenApiDocument } from './schema.ts';

export { collectExamples, type ExampleCase } from './examples.ts';
export * from './schema.ts';

// From the module's file URL string, not through the global `URL`: a DOM test environment
// (happy-dom, jsdom) replaces that global with one whose URLs node:url refuses.
export const contractPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'openapi.yaml');

export function loadContract(path: string = contractPath): OpenApiDocument {
  return parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}
