import { readFileSync } from 'node:fs';
import { contractPath, type OpenApiDocument, type Operation, parseContract } from '@cohort/openapi';
import { readBuiltContract } from './built.ts';
import { operationsOf } from './operations.ts';

export { ContractRouter, type RouteMatch } from './router.ts';

/** The contract, read once per process. */
let cached: { doc: OpenApiDocument; operations: Operation[] } | undefined;

export function contract(): { doc: OpenApiDocument; operations: Operation[] } {
  if (!cached) {
    // The built mock reads the copy parsed at build time while openapi.yaml is unchanged (built.ts).
    const text = readFileSync(contractPath, 'utf8');
    const doc = readBuiltContract(import.meta.url, text) ?? parseContract(text);
    cached = { doc, operations: operationsOf(doc) };
  }
  return cached;
}
