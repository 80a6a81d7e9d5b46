import type { OpenApiDocument } from '@cohort/openapi';
import type { Part } from '../store/collection.ts';
import { COLLECTION_SPECS } from '../store/collections.ts';
import { record, type Schema } from '../store/row-schema.ts';

export { contractRecord, type Schema } from '../store/row-schema.ts';

// The shape of a `--data` file: what the store needs to run without a 500 and to answer what the
// contract promises, put together from each collection's part (declared beside the area that owns
// it, store/collections.ts). A file is checked against it by `stateFileProblem` (state-check.ts).

type Fields = { required: Record<string, Schema>; optional: Record<string, Schema> };
const fields = (): Fields => ({ required: {}, optional: {} });

export function buildStateSchema(doc: OpenApiDocument) {
  const top = fields();
  const parts = new Map<Part, Fields>();
  for (const spec of COLLECTION_SPECS) {
    for (const { place, schema } of spec.schema(doc)) {
      let holder = top;
      if (place.part) {
        holder = parts.get(place.part) ?? fields();
        // A part is absent in files written before it existed (the store starts it empty).
        if (!parts.has(place.part)) top.optional[place.part] = {};
        parts.set(place.part, holder);
      }
      (place.optional ? holder.optional : holder.required)[place.field] = schema;
    }
  }
  for (const [part, { required, optional }] of parts) top.optional[part] = record(required, optional);
  return record(top.required, top.optional);
}
