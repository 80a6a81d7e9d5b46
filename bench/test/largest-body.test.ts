import { compileFragment, createContractAjv, describeErrors, listOperations, loadContract } from '@cohort/openapi';
import { describe, expect, it } from 'vitest';
import { largestBody } from '../src/largest-body.ts';

const doc = loadContract();
const ajv = createContractAjv(doc);
const withBodies = listOperations(doc).filter((op) => op.requestBody?.content['application/json']?.schema);

describe('the largest body each operation allows', () => {
  it.each(withBodies.map((op) => [op.operationId, op] as const))('%s: valid against the contract', (_id, op) => {
    const schema = op.requestBody?.content['application/json']?.schema as Record<string, unknown>;
    const body = largestBody(doc, schema);
    const validate = compileFragment(ajv, schema);
    expect(validate(body) ? [] : describeErrors(validate.errors)).toEqual([]);
  });

  it('fills arrays to maxItems with distinct items and strings to maxLength', () => {
    const op = withBodies.find((o) => o.operationId === 'storeChannel');
    const body = largestBody(doc, op?.requestBody?.content['application/json']?.schema as Record<string, unknown>) as {
      users: string[];
      name: string;
    };
    expect(body.users).toHaveLength(1000);
    expect(new Set(body.users).size).toBe(1000);
    expect(body.name).toHaveLength(100);
  });
});
