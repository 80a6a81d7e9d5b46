import { type JsonSchema, listOperations, type MediaTypeObject, type OpenApiDocument } from './schema.ts';

export interface ExampleCase {
  /** Where the example sits, e.g. `storeNote request body` or `schema Note`. */
  where: string;
  schema: JsonSchema;
  value: unknown;
}

function mediaExamples(where: string, media: MediaTypeObject): ExampleCase[] {
  if (!media.schema) return [];
  const out: ExampleCase[] = [];
  if (media.example !== undefined) out.push({ where, schema: media.schema, value: media.example });
  for (const [name, example] of Object.entries(media.examples ?? {})) {
    if (example.value !== undefined)
      out.push({ where: `${where} (${name})`, schema: media.schema, value: example.value });
  }
  return out;
}

/** Every example in the contract paired with the schema it must satisfy. */
export function collectExamples(doc: OpenApiDocument): ExampleCase[] {
  const out: ExampleCase[] = [];
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    const examples = (schema as { examples?: unknown[] }).examples ?? [];
    for (const value of examples) out.push({ where: `schema ${name}`, schema, value });
  }
  for (const op of listOperations(doc)) {
    for (const p of op.parameters) {
      if (p.schema && p.example !== undefined) {
        out.push({ where: `${op.operationId} parameter ${p.name}`, schema: p.schema, value: p.example });
      }
    }
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
      out.push(...mediaExamples(`${op.operationId} request body ${type}`, media));
    }
    for (const [status, response] of Object.entries(op.responses)) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        out.push(...mediaExamples(`${op.operationId} ${status} ${type}`, media));
      }
    }
  }
  return out;
}
