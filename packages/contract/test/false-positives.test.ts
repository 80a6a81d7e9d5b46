import type { AddressInfo } from 'node:net';
import { compileFragment, createContractAjv, describeErrors, type OpenApiDocument } from '@cohort/openapi';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.ts';
import { cell } from './helpers.ts';

/**
 * A contract that uses the features checkers most often misjudge: 3.1 nullable type arrays,
 * OpenAPI 3.0 `nullable: true`, readOnly/writeOnly, oneOf/anyOf and string formats.
 */
const thing = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'secret', 'name', 'note', 'legacy', 'kind', 'label', 'when', 'day', 'email', 'url'],
  properties: {
    id: { type: 'integer', minimum: 1, readOnly: true },
    secret: { type: 'string', minLength: 4, maxLength: 20, writeOnly: true },
    name: { type: 'string', minLength: 4, maxLength: 40 },
    note: { type: ['string', 'null'], maxLength: 100 },
    legacy: { type: 'string', nullable: true, maxLength: 20 },
    kind: {
      oneOf: [
        { type: 'string', enum: ['small', 'large'] },
        { type: 'integer', minimum: 0, maximum: 9 },
      ],
    },
    label: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'null' }] },
    when: { type: 'string', format: 'date-time' },
    day: { type: 'string', format: 'date' },
    email: { type: 'string', format: 'email' },
    url: { type: 'string', format: 'uri' },
  },
};

const errorSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { const: false },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};

const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'edge cases', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        security: [],
        responses: {
          '200': { description: 'all', ...json({ type: 'array', items: { $ref: '#/components/schemas/Thing' } }) },
          // Express answers a conditional GET whose ETag matches with 304: declared, as a server must.
          '304': { description: 'not modified' },
        },
      },
      post: {
        operationId: 'createThing',
        security: [],
        requestBody: { required: true, ...json({ $ref: '#/components/schemas/Thing' }) },
        responses: {
          '201': { description: 'created', ...json({ $ref: '#/components/schemas/Thing' }) },
          '400': { description: 'not JSON', ...json({ $ref: '#/components/schemas/Error' }) },
          '422': { description: 'invalid', ...json({ $ref: '#/components/schemas/Error' }) },
        },
      },
    },
  },
  components: { schemas: { Thing: thing, Error: errorSchema } },
};

/** What a correct server returns: nulls where allowed, no writeOnly field, offsets and no millis in times. */
const STORED = {
  id: 1,
  name: 'First thing',
  note: null,
  legacy: null,
  kind: 3,
  label: null,
  when: '2026-11-20T15:02:11+02:00',
  day: '2026-02-28',
  email: 'ada.lovelace@stanford.edu',
  url: 'https://example.test/a/b?c=d#e',
};

function startServer(stored: Record<string, unknown>) {
  // The server validates requests as its own code would: `id` is readOnly, so not required in input.
  const ajv = createContractAjv({ ...doc, components: { schemas: { Error: errorSchema } } });
  const { id: _id, ...inputProps } = thing.properties;
  const validate = compileFragment(ajv, {
    ...thing,
    properties: { ...inputProps, legacy: { type: ['string', 'null'], maxLength: 20 } },
    required: thing.required.filter((r) => r !== 'id'),
  });
  const app = express();
  app.use(express.json());
  let nextId = 2;
  app.get('/things', (_req, res) => {
    res.json([stored, { ...stored, id: 2, kind: 'large', label: 'tag', note: 'text', legacy: 'old' }]);
  });
  app.post('/things', (req, res) => {
    if (!validate(req.body)) {
      // No prototype: an unknown key named `constructor` or `toString` is named like any other.
      const errors: Record<string, string[]> = Object.create(null);
      for (const issue of describeErrors(validate.errors)) {
        const field = issue.pointer.replace(/^\//, '').replace(/\//g, '.') || 'body';
        errors[field] = [...(Object.hasOwn(errors, field) ? (errors[field] ?? []) : []), issue.message];
      }
      res.status(422).json({ success: false, message: 'invalid', errors });
      return;
    }
    const { secret: _secret, ...rest } = req.body as Record<string, unknown>;
    res.status(201).json({ ...rest, id: nextId++ });
  });
  app.all('/things', (_req, res) => {
    res.set('Allow', 'GET, POST').status(405).json({ success: false, message: 'Method not allowed.' });
  });
  app.use((error: { type?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(error.type === 'entity.parse.failed' ? 400 : 500).json({ success: false, message: 'bad' });
  });
  const server = app.listen(0, '127.0.0.1');
  return {
    ready: new Promise<string>((resolve) =>
      server.once('listening', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
    ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function check(stored: Record<string, unknown>) {
  const server = startServer(stored);
  close = server.close;
  return runConformance({ baseUrl: await server.ready, contract: doc, include: 'all', fuzz: 40, seed: 11 });
}

describe('no false positives', () => {
  it('accepts nullable, readOnly/writeOnly, oneOf/anyOf and formats done right', async () => {
    const result = await check(STORED);
    expect(result.failures).toEqual([]);
    expect(result.failed).toBe(0);
    for (const op of ['listThings', 'createThing']) {
      expect(cell(result, op, 'response_schema_conformance')?.status).toBe('pass');
    }
    // The generator left out the readOnly id and the server accepted what it generated.
    expect(cell(result, 'createThing', 'positive_data_acceptance')).toMatchObject({ status: 'pass' });
    expect(cell(result, 'createThing', 'positive_data_acceptance')?.runs).toBeGreaterThan(10);
    expect(cell(result, 'createThing', 'negative_data_rejection')?.status).toBe('pass');
  });

  // The same checks must still bite: each row breaks one of those features for real.
  it.each([
    ['null where the type has no null', { name: null }, '/0/name'],
    ['a date-time without a time zone', { when: '2026-11-20 15:02' }, '/0/when'],
    ['an impossible date', { day: '2026-02-30' }, '/0/day'],
    ['a value matching neither oneOf branch', { kind: 'medium' }, '/0/kind'],
    ['a relative url', { url: '/a/b' }, '/0/url'],
    ['a missing field that is not writeOnly', { email: undefined }, '/0/email'],
  ])('still fails %s', async (_name, override, pointer) => {
    const result = await check(JSON.parse(JSON.stringify({ ...STORED, ...override })));
    expect(cell(result, 'listThings', 'response_schema_conformance')?.status).toBe('fail');
    const messages = result.failures.filter((f) => f.operationId === 'listThings').map((f) => f.message);
    expect(messages.join('\n')).toContain(pointer);
  });
});
