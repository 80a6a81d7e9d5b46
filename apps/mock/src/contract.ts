import { listOperations, loadContract, type OpenApiDocument, type Operation } from '@cohort/openapi';

export { ContractRouter, type RouteMatch } from './engine/router.ts';

/** The contract, read once per process. */
let cached: { doc: OpenApiDocument; operations: Operation[] } | undefined;

export function contract(): { doc: OpenApiDocument; operations: Operation[] } {
  if (!cached) {
    const doc = loadContract();
    cached = { doc, operations: listOperations(doc) };
  }
  return cached;
}
