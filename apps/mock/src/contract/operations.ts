import { listOperations, type OpenApiDocument, type Operation } from '@cohort/openapi/schema';

const listed = new WeakMap<OpenApiDocument, Operation[]>();

/**
 * The contract's operations, listed once per document: the server's contract (`contract()`) and
 * the engine built on it share one list, read-only, rather than each resolving every `$ref` again.
 */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  let operations = listed.get(doc);
  if (!operations) {
    operations = listOperations(doc);
    listed.set(doc, operations);
  }
  return operations;
}
