import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { OpenApiDocument } from './schema.ts';

export { collectExamples, type ExampleCase } from './examples.ts';
export * from './schema.ts';

export const contractPath = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

export function loadContract(path: string = contractPath): OpenApiDocument {
  return parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}
