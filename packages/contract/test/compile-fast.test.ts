import { compileFragment, createContractAjv, type ErrorObject, listOperations, loadContract } from '@cohort/openapi';
import { describe, expect, it } from 'vitest';
import { jsonMedia } from '../src/checks/response-schema-conformance.ts';
import { adaptDocument, adaptSchema } from '../src/schema.ts';

// The checker compiles with `compileFast` (refs called, not inlined; no optimisation pass): the
// verdicts and the errors it reads (where, which rule, the message; not Ajv's schemaPath, which
// starts again at `#/` inside a called component) must be those of Ajv's defaults.
const read = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map(({ instancePath, keyword, params, message }) => ({ instancePath, keyword, params, message }));
const doc = loadContract();
const samples: unknown[] = [
  {},
  { success: true },
  { success: true, data: null },
  { success: true, data: [] },
  { success: true, data: {} },
  { success: true, data: { id: 1, name: 2, users: [{ id: 'x' }] } },
  { success: true, data: [{ id: 'usr_1', email: 3 }], meta: { total: '1' } },
  { success: false, message: 1, errors: { email: 'taken' } },
  [],
  'text',
];

describe('compileFast', () => {
  it('gives every response schema of the contract the same verdicts and errors as the defaults', () => {
    const adapted = adaptDocument(doc, 'response');
    const plain = createContractAjv(adapted);
    const fast = createContractAjv(adapted, { compileFast: true });
    let compared = 0;
    for (const op of listOperations(doc)) {
      for (const response of Object.values(op.responses)) {
        const schema = jsonMedia(response.content ?? {})?.schema;
        if (!schema) continue;
        const a = compileFragment(plain, adaptSchema(schema, 'response'));
        const b = compileFragment(fast, adaptSchema(schema, 'response'));
        for (const value of samples) {
          expect(b(value)).toBe(a(value));
          expect(read(b.errors)).toStrictEqual(read(a.errors));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  }, 120_000);
});
