import type { OpenApiDocument } from '@cohort/openapi';
import { describe, expect, it } from 'vitest';
import { AllowFileError, applyAllowances, parseAllowFile } from '../src/diff/allow.ts';
import { diffContracts } from '../src/diff/compare.ts';
import { renderDiffMarkdown, renderDiffText } from '../src/diff/report.ts';
import type { DiffChange, DiffResult, DiffRule } from '../src/diff/types.ts';
import { extractCalls, markUsedBy, scanCalls } from '../src/diff/used-by.ts';
import { baseContract, type Doc, ok } from './diff-fixture.ts';

function diff(mutate: (doc: Doc) => void, before: (doc: Doc) => void = () => {}): DiffChange[] {
  const base = baseContract();
  before(base);
  const head = structuredClone(base);
  mutate(head);
  return diffContracts(base as OpenApiDocument, head as OpenApiDocument);
}

const input = (d: Doc) => d.components.schemas.NoteInput;
const note = (d: Doc) => d.components.schemas.Note;
const BODY = '/paths/~1notes/post/requestBody/content/application~1json/schema';
const LIST_ITEM = '/paths/~1notes/get/responses/200/content/application~1json/schema/items';

const breaking: [string, (d: Doc) => void, DiffRule, string, ((d: Doc) => void)?][] = [
  ['removed path', (d) => delete d.paths['/notes/{id}'], 'path-removed', '/paths/~1notes~1{id}'],
  ['removed operation', (d) => delete d.paths['/notes'].post, 'operation-removed', '/paths/~1notes/post'],
  [
    'removed parameter',
    (d) => delete d.paths['/notes'].get.parameters,
    'parameter-removed',
    '/paths/~1notes/get/parameters/0',
  ],
  [
    'new required parameter',
    (d) =>
      d.paths['/notes'].get.parameters.push({ name: 'q', in: 'query', required: true, schema: { type: 'string' } }),
    'required-parameter-added',
    '/paths/~1notes/get/parameters/1',
  ],
  [
    'parameter became required',
    (d) => {
      d.paths['/notes'].get.parameters[0].required = true;
    },
    'parameter-became-required',
    '/paths/~1notes/get/parameters/0/required',
  ],
  [
    'removed response field',
    (d) => delete note(d).properties.extra,
    'response-field-removed',
    `${LIST_ITEM}/properties/extra`,
  ],
  [
    'response field no longer required',
    (d) => {
      note(d).required = ['id'];
    },
    'response-field-became-optional',
    `${LIST_ITEM}/properties/body`,
  ],
  [
    'removed response status',
    (d) => delete d.paths['/notes'].post.responses['422'],
    'response-status-removed',
    '/paths/~1notes/post/responses/422',
  ],
  [
    'new required request field',
    (d) => {
      input(d).properties.title = { type: 'string' };
      input(d).required.push('title');
    },
    'required-field-added',
    `${BODY}/properties/title`,
  ],
  [
    'request field became required',
    (d) => input(d).required.push('kind'),
    'field-became-required',
    `${BODY}/properties/kind`,
  ],
  ['removed request field', (d) => delete input(d).properties.code, 'request-field-removed', `${BODY}/properties/code`],
  [
    'request type narrowed',
    (d) => {
      input(d).properties.code.type = 'string';
    },
    'type-narrowed',
    `${BODY}/properties/code/type`,
  ],
  [
    'request parameter type narrowed (number → integer)',
    (d) => {
      d.paths['/notes'].get.parameters[0].schema.type = 'integer';
    },
    'type-narrowed',
    '/paths/~1notes/get/parameters/0/schema/type',
    (d) => {
      d.paths['/notes'].get.parameters[0].schema.type = 'number';
    },
  ],
  [
    'response type widened (may now be null)',
    (d) => {
      note(d).properties.id.type = ['integer', 'null'];
    },
    'type-widened',
    `${LIST_ITEM}/properties/id/type`,
  ],
  [
    'response may now be null (OpenAPI 3.0 nullable)',
    (d) => {
      note(d).properties.body.nullable = true;
    },
    'type-widened',
    `${LIST_ITEM}/properties/body/type`,
  ],
  [
    'request enum narrowed',
    (d) => {
      input(d).properties.kind.enum = ['a'];
    },
    'enum-narrowed',
    `${BODY}/properties/kind/enum`,
  ],
  [
    'response enum widened',
    (d) => {
      note(d).properties.kind.enum = ['a', 'b', 'c'];
    },
    'enum-widened',
    `${LIST_ITEM}/properties/kind/enum`,
  ],
  [
    'maxLength lowered',
    (d) => {
      input(d).properties.body.maxLength = 50;
    },
    'limit-tightened',
    `${BODY}/properties/body/maxLength`,
  ],
  [
    'maxItems lowered',
    (d) => {
      input(d).properties.tags.maxItems = 5;
    },
    'limit-tightened',
    `${BODY}/properties/tags/maxItems`,
  ],
  [
    'maximum lowered',
    (d) => {
      input(d).properties.count.maximum = 40;
    },
    'limit-tightened',
    `${BODY}/properties/count/maximum`,
  ],
  [
    'minLength raised',
    (d) => {
      input(d).properties.body.minLength = 2;
    },
    'limit-tightened',
    `${BODY}/properties/body/minLength`,
  ],
  [
    'minimum raised (query parameter)',
    (d) => {
      d.paths['/notes'].get.parameters[0].schema.minimum = 2;
    },
    'limit-tightened',
    '/paths/~1notes/get/parameters/0/schema/minimum',
  ],
  [
    'response list capped lower (a list a client read whole becomes a sample)',
    (d) => {
      d.paths['/notes'].get.responses['200'].content['application/json'].schema.maxItems = 20;
    },
    'limit-tightened',
    '/paths/~1notes/get/responses/200/content/application~1json/schema/maxItems',
    (d) => {
      d.paths['/notes'].get.responses['200'].content['application/json'].schema.maxItems = 200000;
    },
  ],
  [
    'limit added where there was none (maxLength on an array item)',
    (d) => {
      input(d).properties.tags.items.maxLength = 20;
    },
    'limit-tightened',
    `${BODY}/properties/tags/items/maxLength`,
  ],
  [
    'pattern added',
    (d) => {
      input(d).properties.body.pattern = '^\\S';
    },
    'pattern-changed',
    `${BODY}/properties/body/pattern`,
  ],
  [
    'pattern changed',
    (d) => {
      input(d).properties.slug.pattern = '^[a-z0-9]+$';
    },
    'pattern-changed',
    `${BODY}/properties/slug/pattern`,
  ],
  [
    'security added to a public operation',
    (d) => {
      d.paths['/health'].get.security = [{ bearer: [] }];
    },
    'security-changed',
    '/paths/~1health/get/security',
  ],
  [
    'security scheme changed',
    (d) => {
      d.paths['/notes'].post.security = [{ apiKey: [] }];
    },
    'security-changed',
    '/paths/~1notes/post/security',
  ],
  [
    'one of two security alternatives dropped',
    (d) => {
      d.paths['/notes'].get.security = [{ bearer: [] }];
    },
    'security-changed',
    '/paths/~1notes/get/security',
    (d) => {
      d.paths['/notes'].get.security = [{ bearer: [] }, { apiKey: [] }];
    },
  ],
  [
    'request media type removed',
    (d) => {
      const body = d.paths['/notes'].post.requestBody;
      body.content = { 'multipart/form-data': body.content['application/json'] };
    },
    'media-type-removed',
    '/paths/~1notes/post/requestBody/content/application~1json',
  ],
];

describe('diff: each breaking rule', () => {
  it.each(breaking)('%s', (_name, mutate, code, pointer, before) => {
    const changes = diff(mutate, before);
    const hit = changes.find((c) => c.code === code && c.pointer === pointer);
    expect(hit, JSON.stringify(changes, null, 2)).toBeDefined();
    expect(hit?.severity).toBe('breaking');
  });

  it('names the component the change is written in when a $ref was followed', () => {
    const changes = diff((d) => {
      input(d).properties.body.maxLength = 50;
    });
    expect(changes).toEqual([
      expect.objectContaining({
        operationId: 'storeNote',
        method: 'post',
        path: '/notes',
        code: 'limit-tightened',
        pointer: `${BODY}/properties/body/maxLength`,
        location: '/components/schemas/NoteInput/properties/body/maxLength',
        before: 100,
        after: 50,
        side: 'request',
      }),
    ]);
  });

  it('reports a shared schema once per operation that reaches it', () => {
    const changes = diff((d) => delete note(d).properties.extra);
    expect(changes.map((c) => c.operationId).sort()).toEqual(['listNotes', 'storeNote']);
    expect(changes.every((c) => c.location === '/components/schemas/Note/properties/extra')).toBe(true);
  });
});

const nonBreaking: [string, (d: Doc) => void, DiffRule | undefined][] = [
  [
    'description change',
    (d) => {
      input(d).properties.body.description = 'The note text';
      d.paths['/notes'].get.description = 'Lists the notes';
    },
    undefined,
  ],
  [
    'new optional request field',
    (d) => {
      input(d).properties.title = { type: 'string' };
    },
    'field-added',
  ],
  [
    'new operation',
    (d) => {
      d.paths['/notes/{id}'].get = { operationId: 'getNote', responses: { '200': ok() } };
    },
    'operation-added',
  ],
  [
    'new path',
    (d) => {
      d.paths['/tags'] = { get: { operationId: 'listTags', responses: { '200': ok() } } };
    },
    'path-added',
  ],
  [
    'new optional parameter',
    (d) => d.paths['/notes'].get.parameters.push({ name: 'q', in: 'query', schema: { type: 'string' } }),
    'parameter-added',
  ],
  [
    'new response field (even a required one)',
    (d) => {
      note(d).properties.created = { type: 'string' };
      note(d).required.push('created');
    },
    'field-added',
  ],
  [
    'new response status',
    (d) => {
      d.paths['/notes'].post.responses['409'] = ok();
    },
    'response-status-added',
  ],
  [
    'widened request limit',
    (d) => {
      input(d).properties.body.maxLength = 200;
    },
    'limit-loosened',
  ],
  ['limit removed', (d) => delete input(d).properties.count.maximum, 'limit-loosened'],
  [
    'tightened response limit',
    (d) => {
      note(d).properties.body.maxLength = 50;
    },
    'limit-tightened',
  ],
  [
    'widened request enum',
    (d) => {
      input(d).properties.kind.enum = ['a', 'b', 'c'];
    },
    'enum-widened',
  ],
  [
    'narrowed response enum',
    (d) => {
      note(d).properties.kind.enum = ['a'];
    },
    'enum-narrowed',
  ],
  [
    'widened request type',
    (d) => {
      input(d).properties.count.type = ['integer', 'null'];
    },
    'type-widened',
  ],
  [
    'narrowed response type',
    (d) => {
      note(d).properties.id.type = 'integer';
      note(d).properties.id.minimum = 1;
    },
    'limit-tightened',
  ],
  [
    'request field no longer required',
    (d) => {
      input(d).required = [];
    },
    undefined,
  ],
  ['pattern removed from a request field', (d) => delete input(d).properties.slug.pattern, 'pattern-changed'],
  [
    'security removed (operation now public)',
    (d) => {
      d.paths['/notes'].get.security = [];
    },
    'security-removed',
  ],
  [
    'security alternative added',
    (d) => {
      d.paths['/notes'].get.security = [{ bearer: [] }, { apiKey: [] }];
    },
    'security-changed',
  ],
  [
    'security relaxed: an anonymous alternative added',
    (d) => {
      d.paths['/notes'].get.security = [{ bearer: [] }, {}];
    },
    'security-removed',
  ],
  [
    'security moved from the document to the operation, same requirement',
    (d) => {
      for (const item of Object.values(d.paths) as Doc[])
        for (const op of Object.values(item) as Doc[]) op.security ??= [{ bearer: [] }];
      delete d.security;
    },
    undefined,
  ],
  [
    'properties moved into an allOf',
    (d) => {
      const { properties, required, ...rest } = note(d);
      d.components.schemas.Note = { ...rest, allOf: [{ $ref: '#/components/schemas/NoteBase' }] };
      d.components.schemas.NoteBase = { type: 'object', properties, required };
    },
    undefined,
  ],
  [
    'an inline schema moved into a component',
    (d) => {
      d.components.schemas.NoteList = d.paths['/notes'].get.responses['200'].content['application/json'].schema;
      d.paths['/notes'].get.responses['200'].content['application/json'].schema = {
        $ref: '#/components/schemas/NoteList',
      };
    },
    undefined,
  ],
  [
    'a readOnly field added as required to a request schema',
    (d) => {
      input(d).properties.id = { type: 'integer', readOnly: true };
      input(d).required.push('id');
    },
    undefined,
  ],
];

describe('diff: changes that must not be flagged as breaking', () => {
  it.each(nonBreaking)('%s', (_name, mutate, code) => {
    const changes = diff(mutate);
    expect(changes.filter((c) => c.severity === 'breaking')).toEqual([]);
    if (code === undefined) expect(changes).toEqual([]);
    else expect(changes.map((c) => c.code)).toContain(code);
  });

  it('no changes between a contract and itself, recursive schemas included', () => {
    const doc = baseContract();
    expect(diffContracts(doc as OpenApiDocument, structuredClone(doc) as OpenApiDocument)).toEqual([]);
  });

  it('follows a recursive schema without looping, reporting the change where it is first reached', () => {
    const changes = diff((d) => delete d.components.schemas.Tree.properties.name);
    expect(changes.map((c) => [c.code, c.pointer, c.location])).toEqual([
      [
        'response-field-removed',
        '/paths/~1tree/get/responses/200/content/application~1json/schema/properties/name',
        '/components/schemas/Tree/properties/name',
      ],
    ]);
  });
});

describe('allow file', () => {
  const changes = diff((d) => {
    input(d).properties.body.maxLength = 50;
    delete d.paths['/notes/{id}'];
    d.paths['/health'].get.security = [{ bearer: [] }];
  });

  it('accepts a pointer (and what is under it) or a rule, each with its reason', () => {
    const allowances = parseAllowFile(
      [
        '# accepted for release 2',
        '',
        '/components/schemas/NoteInput/properties/body  bodies are capped at 50 since the mobile app',
        'path-removed deleteNote was never shipped',
        '/paths/~1nothing unused entry',
      ].join('\n'),
    );
    const out = applyAllowances(changes, allowances);
    const by = (code: string) => out.changes.find((c) => c.code === code);
    expect(by('limit-tightened')?.allowed).toBe('bodies are capped at 50 since the mobile app');
    expect(by('path-removed')?.allowed).toBe('deleteNote was never shipped');
    expect(by('security-changed')?.allowed).toBeUndefined();
    expect(out.unused).toEqual(['/paths/~1nothing (line 5)']);
  });

  it('refuses an entry without a reason and one that is neither a pointer nor a rule', () => {
    expect(() => parseAllowFile('/paths/~1notes')).toThrow(AllowFileError);
    expect(() => parseAllowFile('/paths/~1notes')).toThrow(/needs a reason/);
    expect(() => parseAllowFile('limit-tighter oops')).toThrow(/nor a rule name: limit-tighter/);
  });
});

describe('--used-by extractor', () => {
  const source = [
    "const a = await client.GET('/api/v1/users/me');",
    'const b = await api.POST(',
    "  '/api/v1/users/me/notes/store',",
    '  { body },',
    ');',
    'const c = $api.useQuery("get", "/api/v1/users/{id}", { params: { path: { id } } });',
    "const d = $api.useMutation('delete', '/api/v1/users/me/notes/{id}');",
    'const e = $api.useSuspenseQuery(`get`, `/api/v1/channels`);',
    "const f = $api.queryOptions('get', '/api/v1/users/me/channels');",
    "const g = useQuery({ queryKey: ['me'], queryFn: () => fetchMe() });",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template path
    'const h = client.GET(`/api/v1/users/${id}`);',
    "const i = map.GET('not a path');",
    "const j = client.PATCH ( '/api/v1/users/me' );",
  ].join('\n');

  it('finds openapi-fetch and openapi-react-query calls with literal paths, and where', () => {
    expect(extractCalls(source, 'x.ts').map((c) => `${c.method} ${c.path} ${c.file}:${c.line}`)).toEqual([
      'get /api/v1/users/me x.ts:1',
      'post /api/v1/users/me/notes/store x.ts:2',
      'get /api/v1/users/{id} x.ts:6',
      'delete /api/v1/users/me/notes/{id} x.ts:7',
      'get /api/v1/channels x.ts:8',
      'get /api/v1/users/me/channels x.ts:9',
      'patch /api/v1/users/me x.ts:13',
    ]);
  });

  it('marks the changes whose operation is called', () => {
    const changes = diff((d) => delete d.paths['/notes/{id}']);
    const marked = markUsedBy(changes, [{ method: 'delete', path: '/notes/{id}', file: 'src/a.ts', line: 3 }]);
    expect(marked[0]?.usedBy).toEqual(['src/a.ts:3']);
    expect(
      markUsedBy(changes, [{ method: 'get', path: '/notes/{id}', file: 'src/a.ts', line: 3 }])[0]?.usedBy,
    ).toBeUndefined();
  });

  it('finds the calls in apps/web/src', () => {
    const calls = scanCalls(new URL('../../../apps/web', import.meta.url).pathname);
    expect(calls.length).toBeGreaterThan(20);
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'post',
        path: '/api/v1/users/me/notes/store',
        file: 'src/features/profile/api/profile-items.ts',
      }),
    );
    expect(calls.every((c) => !/\.test\./.test(c.file))).toBe(true);
  });
});

describe('reports', () => {
  const changes = markUsedBy(
    diff((d) => {
      delete d.paths['/notes/{id}'];
      input(d).properties.title = { type: 'string' };
    }),
    [{ method: 'delete', path: '/notes/{id}', file: 'src/a.ts', line: 3 }],
  );
  const result: DiffResult = {
    base: 'a.yaml',
    head: 'b.yaml',
    changes,
    unusedAllowances: [],
    usedBy: { dir: 'apps/web', calls: 1 },
  };

  it('text: breaking change with its rule, pointer and caller; summary last', () => {
    const text = renderDiffText(result);
    expect(text).toContain('DELETE /notes/{id} (deleteNote)  ← used by src/a.ts:3');
    expect(text).toContain('[path-removed] path /notes/{id} removed (DELETE)');
    expect(text).toContain('at /paths/~1notes~1{id}');
    expect(text).toContain('field-added: 1');
    expect(text.trimEnd().split('\n').at(-1)).toBe('1 breaking (0 allowed, 1 used by apps/web), 1 non-breaking');
  });

  it('markdown: a verdict, a table of breaking changes and the non-breaking ones folded', () => {
    const md = renderDiffMarkdown(result);
    expect(md).toContain(':x: **1 breaking change**');
    expect(md).toContain('| :x: | `DELETE /notes/{id} (deleteNote)` | `path-removed` |');
    expect(md).toContain('`src/a.ts:3`');
    expect(md).toContain('<details><summary>1 non-breaking change</summary>');
  });
});
