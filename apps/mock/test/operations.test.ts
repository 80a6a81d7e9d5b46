import { listOperations, parseContract } from '@cohort/openapi';
import { describe, expect, it } from 'vitest';
import { contract } from '../src/contract/contract.ts';
import { operationsOf } from '../src/contract/operations.ts';

describe('the contract operations the server and its engine share', () => {
  it('are listed once per document: the same list for the same document, as listOperations lists them', () => {
    const { doc, operations } = contract();
    expect(operationsOf(doc)).toBe(operations);
    expect(operations).toEqual(listOperations(doc));
  });

  it('another document gets its own list', () => {
    const { doc } = contract();
    const copy = parseContract(JSON.stringify(doc));
    delete copy.paths['/api/v1/users/me/notes/store'];
    expect(operationsOf(copy)).not.toBe(operationsOf(doc));
    expect(operationsOf(copy).map((op) => op.operationId)).not.toContain('storeNote');
    expect(operationsOf(doc).map((op) => op.operationId)).toContain('storeNote');
  });
});
