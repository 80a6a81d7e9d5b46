// biome-ignore lint/suspicious/noExplicitAny: test contracts are edited freely
export type Doc = Record<string, any>;

export const ok = (schema?: unknown) => ({
  description: 'ok',
  ...(schema ? { content: { 'application/json': { schema } } } : {}),
});

/** A small contract: request side (NoteInput, query and path parameters) and response side (Note). */
export function baseContract(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'diff fixture', version: '1' },
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Key' },
      },
      schemas: {
        NoteInput: {
          type: 'object',
          additionalProperties: false,
          required: ['body'],
          properties: {
            body: { type: 'string', minLength: 1, maxLength: 100, description: 'The text' },
            kind: { type: 'string', enum: ['a', 'b'] },
            tags: { type: 'array', maxItems: 10, items: { type: 'string' } },
            count: { type: 'integer', minimum: 0, maximum: 50 },
            code: { type: ['string', 'null'] },
            slug: { type: 'string', pattern: '^[a-z]+$' },
          },
        },
        Note: {
          type: 'object',
          required: ['id', 'body'],
          properties: {
            id: { type: 'integer' },
            body: { type: 'string', maxLength: 100 },
            kind: { type: 'string', enum: ['a', 'b'] },
            extra: { type: 'string' },
          },
        },
        Tree: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
          },
        },
      },
    },
    paths: {
      '/notes': {
        get: {
          operationId: 'listNotes',
          description: 'Lists notes',
          parameters: [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } }],
          responses: { '200': ok({ type: 'array', items: { $ref: '#/components/schemas/Note' } }) },
        },
        post: {
          operationId: 'storeNote',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NoteInput' } } },
          },
          responses: { '201': ok({ $ref: '#/components/schemas/Note' }), '422': ok() },
        },
      },
      '/notes/{id}': {
        delete: {
          operationId: 'deleteNote',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { '204': ok() },
        },
      },
      '/tree': { get: { operationId: 'getTree', responses: { '200': ok({ $ref: '#/components/schemas/Tree' }) } } },
      '/health': { get: { operationId: 'health', security: [], responses: { '200': ok() } } },
    },
  };
}
