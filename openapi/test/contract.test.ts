import { describe, expect, it } from 'vitest';
import {
  collectExamples,
  compileFragment,
  createContractAjv,
  describeErrors,
  listOperations,
  loadContract,
  type OpenApiDocument,
  schemaRef,
} from '../src/index.ts';

const doc = loadContract();
const operations = listOperations(doc);

/** The calls the original app makes (method, path, payload): each stays in the contract, tagged `core`. */
const SPEC_CALLS: [method: string, path: string, body: string[]][] = [
  ['post', '/api/v1/login', ['uniName', 'email', 'password']],
  ['post', '/api/v1/register', ['university_name', 'email', 'password', 'graduation_year']],
  ['get', '/api/v1/users/me', []],
  ['get', '/api/v1/general/get-all-resource/', []],
  ['get', '/api/v1/users/me/notes/{id}', []],
  ['post', '/api/v1/users/me/notes/store', ['title', 'note', 'date']],
  ['delete', '/api/v1/users/me/notes/{id}', []],
  ['get', '/api/v1/users/me/clubs/{userId}', []],
  ['post', '/api/v1/users/me/clubs/store', ['name', 'position']],
  ['delete', '/api/v1/users/me/clubs/{id}/detach', []],
  ['get', '/api/v1/users/me/interests/{userId}', []],
  ['post', '/api/v1/users/me/interests/store', ['name']],
  ['delete', '/api/v1/users/me/interests/{id}/detach', []],
  ['get', '/api/v1/users/me/directions/{userId}', []],
  ['post', '/api/v1/users/me/directions/store', ['name']],
  ['delete', '/api/v1/users/me/directions/{id}/detach', []],
  ['get', '/api/v1/users/me/experiences', []],
  ['post', '/api/v1/users/me/experiences/store', ['uni_name', 'concern', 'year', 'degree']],
  ['get', '/api/v1/logout', []],
  ['post', '/api/v1/users/channels/store', ['name', 'description', 'tags', 'is_closed', 'users']],
  ['get', '/api/v1/users/me/channels', []],
  ['get', '/api/v1/users/me/friends', []],
  ['get', '/api/v1/channels/{id}/get-messages', []],
  ['post', '/api/v1/users/channels/{id}/leave', []],
];

const SHARED_SCHEMAS = [
  'User',
  'Note',
  'ClubEntry',
  'Interest',
  'Direction',
  'Experience',
  'University',
  'Channel',
  'Message',
  'MessageFile',
  'Friend',
  'ResourcePage',
  'LoginEnvelope',
  'RegisterEnvelope',
  'ErrorEnvelope',
];

function validateExamples(document: OpenApiDocument) {
  const ajv = createContractAjv(document);
  // Many examples share one schema object (a $ref to an envelope): compile each once.
  const compiled = new Map<object, ReturnType<typeof compileFragment>>();
  return collectExamples(document).map((example) => {
    const validate = compiled.get(example.schema) ?? compileFragment(ajv, example.schema);
    compiled.set(example.schema, validate);
    const ok = validate(example.value);
    return { where: example.where, ok, issues: describeErrors(validate.errors) };
  });
}

describe('the contract', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it.each(SPEC_CALLS)('has the spec call %s %s, tagged core, with the spec payload', (method, path, body) => {
    const op = operations.find((o) => o.method === method && o.path === path);
    expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
    expect(op?.tags).toContain('core');
    expect(op?.summary).not.toBe('');
    const schema = op?.requestBody?.content['application/json']?.schema;
    const properties = schema ? Object.keys(resolveSchema(schema).properties ?? {}) : [];
    for (const field of body) expect(properties).toContain(field);
  });

  it('gives every operation a unique operationId, and core counts the 24 spec calls', () => {
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((o) => o.tags.includes('core'))).toHaveLength(SPEC_CALLS.length);
  });

  it('marks every operation core or proposed, and every proposed one with x-proposed', () => {
    for (const op of operations) {
      expect(op.tags.includes('core') !== op.tags.includes('proposed'), op.operationId).toBe(true);
      expect(op.proposed, op.operationId).toBe(op.tags.includes('proposed'));
    }
  });

  it('documents 401 on every operation that needs a token, and 422 wherever there is input', () => {
    for (const op of operations) {
      if (op.secured) expect(Object.keys(op.responses), op.operationId).toContain('401');
      const hasInput = op.requestBody !== undefined || op.parameters.length > 0;
      if (hasInput) expect(Object.keys(op.responses), op.operationId).toContain('422');
    }
  });

  it('leaves only sign-in, registration, the password reset and the public resource list without a token', () => {
    const open = operations.filter((o) => !o.secured).map((o) => o.operationId);
    expect(open.sort()).toEqual(['listResources', 'login', 'register', 'requestPasswordReset', 'resetPassword']);
  });

  it.each(SHARED_SCHEMAS)('defines the shared schema %s', (name) => {
    expect(doc.components.schemas[name]).toBeDefined();
  });

  it('says in every object schema whether it is open or closed, and why', () => {
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      if (schema.type !== 'object') continue;
      expect(String(schema.description ?? ''), name).toMatch(/\b(Open|Closed)\b/);
    }
  });

  it('compiles every component schema with Ajv in strict mode', () => {
    const ajv = createContractAjv(doc);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(ajv.getSchema(schemaRef(name)), name).toBeTypeOf('function');
    }
  });

  it('has an example for every request body and every success response', () => {
    const examples = collectExamples(doc).map((e) => e.where);
    for (const op of operations) {
      if (op.requestBody)
        expect(
          examples.some((w) => w.startsWith(`${op.operationId} request body`)),
          op.operationId,
        ).toBe(true);
      for (const status of Object.keys(op.responses).filter((s) => s.startsWith('2'))) {
        expect(
          examples.some((w) => w.startsWith(`${op.operationId} ${status} `)),
          `${op.operationId} ${status}`,
        ).toBe(true);
      }
    }
  });

  it('has only examples that validate against their schemas', () => {
    const failures = validateExamples(doc).filter((r) => !r.ok);
    expect(failures).toEqual([]);
  });

  it.each([
    [
      'a required field is deleted',
      (d: OpenApiDocument) => {
        delete (exampleOf(d, '/api/v1/users/me/notes/store', 'post') as Record<string, unknown>).title;
      },
    ],
    [
      'a field has the wrong type',
      (d: OpenApiDocument) => {
        (exampleOf(d, '/api/v1/users/me/experiences/store', 'post') as Record<string, unknown>).year = '2026';
      },
    ],
    [
      'an id loses its prefix',
      (d: OpenApiDocument) => {
        const example = d.paths['/api/v1/users/me']?.get?.responses['200'] as {
          content: Record<string, { example: { data: { id: string } } }>;
        };
        const body = example.content['application/json'];
        if (body) body.example.data.id = 'user_7Hq2LmX9pK4vNc8R';
      },
    ],
  ])('rejects an example where %s (the check can fail)', (_name, mutate) => {
    const broken = structuredClone(doc);
    mutate(broken);
    expect(validateExamples(broken).filter((r) => !r.ok)).toHaveLength(1);
  });
});

function exampleOf(d: OpenApiDocument, path: string, method: 'post'): unknown {
  const body = d.paths[path]?.[method]?.requestBody as { content: Record<string, { example: unknown }> };
  return body.content['application/json']?.example;
}

function resolveSchema(schema: Record<string, unknown>): { properties?: Record<string, unknown> } {
  const ref = schema.$ref;
  if (typeof ref === 'string')
    return doc.components.schemas[ref.split('/').pop() ?? ''] as { properties?: Record<string, unknown> };
  return schema as { properties?: Record<string, unknown> };
}

/**
 * Every string and array in `doc` that has no size bound. A string is bounded by `maxLength`, or by
 * `enum`/`const` (its values); `format` and `pattern` are not bounds (an `email`, a `date-time`
 * or `^[a-z]+$` can be any length), so those carry a `maxLength` too. An array is bounded by
 * `maxItems` and must say what its items are. A text/event-stream is a stream, not a value.
 */
function unboundedIn(doc: OpenApiDocument): string[] {
  const unbounded: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${path}/${i}`);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Record<string, unknown>;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('string') && !('maxLength' in schema || 'enum' in schema || 'const' in schema)) {
      if (!path.includes('text~1event-stream')) unbounded.push(`${path} (string without maxLength)`);
    }
    if (types.includes('array') && !('maxItems' in schema)) unbounded.push(`${path} (array without maxItems)`);
    if (types.includes('array') && !('items' in schema || 'prefixItems' in schema))
      unbounded.push(`${path} (array without items)`);
    for (const [key, child] of Object.entries(schema)) {
      if (key === 'example' || key === 'examples') continue;
      walk(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(doc.paths, '#/paths');
  walk(doc.components, '#/components');
  return unbounded;
}

/** Arrays with `uniqueItems` whose items Ajv can only compare pairwise (not a scalar `type`), above 100 items. */
function quadraticUniqueness(doc: OpenApiDocument): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${path}/${i}`);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Record<string, unknown>;
    if (schema.uniqueItems === true && Number(schema.maxItems ?? Number.POSITIVE_INFINITY) > 100) {
      const items = (schema.items ?? {}) as Record<string, unknown>;
      const types = [items.type].flat();
      const scalar =
        types.length > 0 && types.every((t) => ['string', 'integer', 'number', 'boolean'].includes(String(t)));
      if (!scalar) found.push(`${path} (uniqueItems over items without a scalar type)`);
    }
    for (const [key, child] of Object.entries(schema)) {
      if (key === 'example' || key === 'examples') continue;
      walk(child, `${path}/${key}`);
    }
  };
  walk(doc.paths, '#/paths');
  walk(doc.components, '#/components');
  return found;
}

/** Every seeded account of the mock signs in with this password: no example may carry it. */
const SEED_PASSWORD = 'cohort-demo';

/**
 * Every string in an example that a replayer (Swagger UI's "Try it out", Prism, Dredd) could use as a
 * credential: the seed's password anywhere, a value of a token- or ticket-named field that does not
 * say it is an example, a JWT, or a `Bearer` header with a value.
 */
function credentialsIn(doc: OpenApiDocument): string[] {
  const found: string[] = [];
  const walk = (value: unknown, where: string, key: string) => {
    if (typeof value === 'string') {
      if (value.includes(SEED_PASSWORD)) found.push(`${where} ${key}: the seed's password`);
      else if (/(token|ticket|secret|api_?key)$/i.test(key) && !/example/i.test(value) && value !== 'Bearer')
        found.push(`${where} ${key}: a live-looking ${key}`);
      else if (/\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/.test(value)) found.push(`${where} ${key}: a JWT`);
      else if (/^Bearer\s+\S/i.test(value) && !/example/i.test(value)) found.push(`${where} ${key}: a bearer token`);
      return;
    }
    if (Array.isArray(value)) for (const item of value) walk(item, where, key);
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, where, k);
  };
  for (const example of collectExamples(doc)) {
    const parameter = / parameter (\S+)$/.exec(example.where)?.[1] ?? '';
    walk(example.value, example.where, parameter);
  }
  return found;
}

describe('examples are safe to replay (no working credential in any of them)', () => {
  it('carries neither the seed password nor a live-looking token, ticket or JWT in any example', () => {
    expect(credentialsIn(loadContract())).toEqual([]);
  });

  it.each([
    [
      "the seed's password in a request body",
      (d: OpenApiDocument) => {
        (exampleOf(d, '/api/v1/users/me/delete', 'post') as Record<string, unknown>).password = SEED_PASSWORD;
      },
      "deleteAccount request body application/json password: the seed's password",
    ],
    [
      'a random-looking token in a response',
      (d: OpenApiDocument) => {
        const body = d.paths['/api/v1/login']?.post?.responses['200'] as {
          content: Record<string, { example: { data: { access_token: string } } }>;
        };
        const json = body.content['application/json'];
        if (json) json.example.data.access_token = 'Qk3vQ9xP2mL7nR4tW8yB1cD5fG6hJ0kAzz';
      },
      'login 200 application/json access_token: a live-looking access_token',
    ],
    [
      'a JWT in a free-text field',
      (d: OpenApiDocument) => {
        (exampleOf(d, '/api/v1/users/me/notes/store', 'post') as Record<string, unknown>).note =
          'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMSJ9.c2lnbmF0dXJlLWhlcmU';
      },
      'storeNote request body application/json note: a JWT',
    ],
  ])('finds %s (the check can fail)', (_name, mutate, want) => {
    const broken = loadContract();
    mutate(broken);
    expect(credentialsIn(broken)).toEqual([want]);
  });
});

describe('every string and array is bounded (a real backend enforces a size on everything)', () => {
  it('has no string without maxLength and no array without maxItems and items', () => {
    expect(unboundedIn(loadContract())).toEqual([]);
  });

  it('finds an unbounded string, a format-only string and an array without maxItems when there is one', () => {
    const broken = loadContract();
    const note = broken.components.schemas.NoteInput as { properties: Record<string, Record<string, unknown>> };
    delete note.properties.title?.maxLength;
    note.properties.extra = { type: 'string', format: 'date-time' };
    note.properties.list = { type: 'array', items: { type: 'integer', maximum: 1, minimum: 0 } };
    note.properties.choice = { type: 'string', enum: ['a', 'b'] };
    expect(unboundedIn(broken)).toEqual([
      '#/components/schemas/NoteInput/properties/title (string without maxLength)',
      '#/components/schemas/NoteInput/properties/extra (string without maxLength)',
      '#/components/schemas/NoteInput/properties/list (array without maxItems)',
    ]);
  });

  it('checks uniqueness in linear time: a large uniqueItems array has scalar-typed items', () => {
    // Ajv compares every pair of items (O(n²)) unless the items schema declares a scalar `type`,
    // in which case it hashes them; a `$ref` alone hides the type, so request arrays repeat it.
    expect(quadraticUniqueness(loadContract())).toEqual([]);
    const broken = loadContract();
    const input = broken.components.schemas.UserIdsInput as {
      properties: { user_ids: { items: Record<string, unknown> } };
    };
    input.properties.user_ids.items = { $ref: '#/components/schemas/UserId' };
    expect(quadraticUniqueness(broken)).toEqual([
      '#/components/schemas/UserIdsInput/properties/user_ids (uniqueItems over items without a scalar type)',
    ]);
  });
});

describe('path order (routers and mock generators that register in file order pick the first match)', () => {
  // `/users/{id}` listed before `/users/search` sends every search to the profile handler.
  const paths = Object.keys(loadContract().paths);
  const shadows = (templated: string, literal: string) => {
    const t = templated.split('/');
    const l = literal.split('/');
    if (t.length !== l.length || templated === literal) return false;
    let hit = false;
    for (const [i, segment] of t.entries()) {
      const other = l[i] ?? '';
      if (segment === other) continue;
      if (segment.startsWith('{') && !other.startsWith('{')) hit = true;
      else return false;
    }
    return hit;
  };
  it('lists every literal path before any templated path that would match it', () => {
    const wrong: string[] = [];
    paths.forEach((earlier, i) => {
      for (const later of paths.slice(i + 1))
        if (shadows(earlier, later)) wrong.push(`${later} comes after ${earlier}`);
    });
    expect(wrong).toEqual([]);
  });
});

/** Every `pattern` in `doc` that a faker-style generator cannot turn into a valid value, or that does not say what it means. */
function awkwardPatterns(doc: OpenApiDocument): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${path}/${i}`);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Record<string, unknown>;
    if (typeof schema.pattern === 'string') {
      const p = schema.pattern;
      // JSON Schema `pattern` is unanchored: without ^…$ it accepts any string that contains a match.
      if (!p.startsWith('^') || !p.endsWith('$') || p.endsWith('\\$')) found.push(`${path} (not anchored: ${p})`);
      // faker.helpers.fromRegExp emits `{16,}` literally and makes `+`/`*` a few characters long.
      if (/(?<!\\)[+*]|\{\d+,\}/.test(p)) found.push(`${path} (repetition without an upper bound: ${p})`);
    }
    for (const [key, child] of Object.entries(schema)) {
      if (key === 'example' || key === 'examples') continue;
      walk(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(doc.paths, '#/paths');
  walk(doc.components, '#/components');
  return found;
}

describe('patterns (generators fake values from them; validators read them unanchored)', () => {
  it('anchors every pattern at both ends and bounds every repetition in it', () => {
    expect(awkwardPatterns(loadContract())).toEqual([]);
  });

  it('finds an open-ended repetition and a missing anchor when there is one', () => {
    const broken = loadContract();
    const interest = broken.components.schemas.Interest as { properties: Record<string, Record<string, unknown>> };
    if (interest.properties.prefixed_id) interest.properties.prefixed_id.pattern = '^int_[A-Za-z0-9_-]{16,}$';
    (broken.components.schemas.UserId as Record<string, unknown>).pattern = 'usr_[A-Za-z0-9_-]{16,64}';
    expect(awkwardPatterns(broken)).toEqual([
      '#/components/schemas/UserId (not anchored: usr_[A-Za-z0-9_-]{16,64})',
      '#/components/schemas/Interest/properties/prefixed_id (repetition without an upper bound: ^int_[A-Za-z0-9_-]{16,}$)',
    ]);
  });
});

/** Every schema with `properties` and a oneOf/anyOf/allOf beside them: zod generators keep only one of the two. */
function combinersBesideProperties(doc: OpenApiDocument): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${path}/${i}`);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Record<string, unknown>;
    const combiner = ['anyOf', 'oneOf', 'allOf'].find((k) => k in schema);
    if (schema.properties && combiner) found.push(`${path} (${combiner} beside properties)`);
    for (const [key, child] of Object.entries(schema)) {
      if (key === 'example' || key === 'examples') continue;
      walk(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(doc.paths, '#/paths');
  walk(doc.components, '#/components');
  return found;
}

describe('request bodies with alternatives (every generator keeps their fields, and the schema holds the rule)', () => {
  const ajv = createContractAjv(doc);
  const valid = (name: string, value: unknown) => Boolean(ajv.getSchema(schemaRef(name))?.(value));

  it('puts no oneOf, anyOf or allOf beside an object’s own properties: each alternative is a complete object', () => {
    expect(combinersBesideProperties(loadContract())).toEqual([]);
    const broken = loadContract();
    const note = broken.components.schemas.NoteInput as Record<string, unknown>;
    note.anyOf = [{ required: ['title'] }, { required: ['note'] }];
    expect(combinersBesideProperties(broken)).toEqual(['#/components/schemas/NoteInput (anyOf beside properties)']);
  });

  it.each([
    ['StoryInput', { image: { id: 'med_AAAAAAAAAAAAAAAA' } }, true],
    ['StoryInput', { text: 'Hi', background: 'ocean' }, true],
    ['StoryInput', { image: { id: 'med_AAAAAAAAAAAAAAAA' }, text: 'Hi', background: 'ocean' }, false],
    ['StoryInput', { image: { id: 'med_AAAAAAAAAAAAAAAA' }, background: 'ocean' }, false],
    ['StoryInput', { text: 'Hi' }, false],
    ['MessageInput', { message: 'Hi' }, true],
    ['MessageInput', { message: 'Hi', files: [{ url: 'https://a.test/x.png', file_type: 1 }] }, true],
    ['MessageInput', { files: [{ url: 'https://a.test/x.png', file_type: 1 }] }, true],
    ['MessageInput', {}, false],
    ['MessageInput', { message: '' }, false],
    ['MessageInput', { message: 'Hi', colour: 'red' }, false],
    ['PostInput', { text: 'Hi', channel_id: null }, true],
    ['PostInput', { images: [{ id: 'med_AAAAAAAAAAAAAAAA' }] }, true],
    ['PostInput', { text: '   ' }, false],
    ['PostInput', { link: 'https://a.test' }, false],
  ])('%s %j valid: %s', (name, value, expected) => {
    expect(valid(name, value)).toBe(expected);
  });
});
