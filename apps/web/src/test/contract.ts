import type { OperationId } from '@cohort/api';
import {
  compileFragment,
  createContractAjv,
  describeErrors,
  listOperations,
  type Operation,
  schemaRef,
  type ValidateFunction,
} from '@cohort/openapi';
import { inject } from 'vitest';

/**
 * The contract's judgement of what a test server answers, with the same Ajv set-up the mock's own
 * tests use (`createContractAjv`): the document comes parsed from the Node global set-up.
 */
const doc = inject('contract');
const operations = listOperations(doc);
const byId = new Map(operations.map((op) => [op.operationId, op]));
const ajv = createContractAjv(doc);
const compiled = new Map<string, ValidateFunction | null>();

export function operation(operationId: OperationId): Operation {
  const op = byId.get(operationId);
  if (!op) throw new Error(`${operationId} is not an operation of the contract`);
  return op;
}

const literalSegments = (path: string) => path.split('/').filter((s) => s && !s.startsWith('{')).length;
const matcher = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
const matchers = new Map(operations.map((op) => [op, matcher(op.path)]));

/** The operation a request reaches: a concrete path wins over a templated one, as in the mock. */
export function operationOf(method: string, pathname: string): Operation | undefined {
  const candidates = operations.filter((op) => op.method === method.toLowerCase() && matchers.get(op)?.test(pathname));
  return candidates.sort((a, b) => literalSegments(b.path) - literalSegments(a.path))[0];
}

/** Why `body` is not what the contract lets `operationId` answer with `status`; `[]` when it is. */
export function checkAnswer(operationId: OperationId, status: number, body: unknown): string[] {
  const op = operation(operationId);
  const declared = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!declared)
    return [`${operationId} ${status}: status not declared (declared: ${Object.keys(op.responses).join(', ')})`];
  const key = `${operationId} ${status}`;
  if (!compiled.has(key)) {
    const schema = declared.content?.['application/json']?.schema;
    compiled.set(key, schema ? compileFragment(ajv, schema) : null);
  }
  const validate = compiled.get(key);
  if (!validate || validate(body)) return [];
  return describeErrors(validate.errors).map((e) => `${operationId} ${status}: ${e.pointer || '(body)'} ${e.message}`);
}

/** Why one event of a stream operation is not in its `x-events` union; `[]` when it is. */
export function checkEvent(operationId: OperationId, event: { event: string; id?: string; data: unknown }): string[] {
  const media = operation(operationId).responses['200']?.content?.['text/event-stream'] as Record<string, unknown>;
  // `x-events` names the union by a JSON pointer string (a $ref object there breaks strict-refs linting).
  const named = media?.['x-events'];
  const unionRef = (typeof named === 'string' ? named : (named as { $ref?: string } | undefined)?.$ref) ?? '';
  const union = doc.components.schemas[unionRef.split('/').pop() ?? ''] as
    | { discriminator?: { mapping?: Record<string, string> } }
    | undefined;
  // The discriminator picks the event's own schema, so a drift names its field, not every branch.
  const ref = union?.discriminator?.mapping?.[event.event];
  if (!ref) return [`${operationId}: event "${event.event}" is not in its x-events`];
  const validate = ajv.getSchema(schemaRef(ref.split('/').pop() ?? ''));
  if (!validate) return [`${operationId}: no schema ${ref}`];
  const name = event.event;
  if (validate(event)) return [];
  return describeErrors(validate.errors).map(
    (e) => `${operationId} event ${name}: ${e.pointer || '(event)'} ${e.message}`,
  );
}
