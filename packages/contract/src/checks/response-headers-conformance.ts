import { describeErrors, type JsonSchema, type Operation, resolveRef } from '@cohort/openapi';
import type { SchemaBook } from '../schema.ts';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';
import { documentedResponse } from './status-code-conformance.ts';

interface HeaderObject {
  required?: boolean;
  schema?: JsonSchema;
}

/** A header is text: `Retry-After: 30` is the integer 30 when the schema wants a number. */
function headerValue(text: string, schema: Record<string, unknown>): unknown {
  const types = [schema.type].flat();
  const trimmed = text.trim();
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(trimmed))
    return Number(trimmed);
  if (types.includes('boolean') && /^(true|false)$/.test(trimmed)) return trimmed === 'true';
  return text;
}

/**
 * The headers the contract declares for the answered status (`responses.<status>.headers`): a
 * required one must be there, and every one that is there must be valid against its schema.
 */
export function responseHeadersConformance(op: Operation, exchange: Exchange, book: SchemaBook): Diagnostic[] {
  const { status, headers } = exchange.response;
  const declared = Object.entries(documentedResponse(op, status)?.headers ?? {});
  // OpenAPI: a declared Content-Type header is ignored (content_type_conformance judges it).
  const checked = declared.filter(([name]) => name.toLowerCase() !== 'content-type');
  if (checked.length === 0)
    return [skip(op.operationId, 'response_headers_conformance', `no headers declared for ${status}`)];
  const out: Diagnostic[] = [];
  for (const [name, ref] of checked) {
    const header = resolveRef<HeaderObject>(book.doc, ref as HeaderObject);
    const value = headers[name.toLowerCase()];
    if (value === undefined) {
      if (!header.required) continue;
      out.push(
        fail(
          op.operationId,
          'response_headers_conformance',
          `${status} without the required ${name} header`,
          exchange,
          {
            schemaPath: `${status} header ${name} required`,
            expected: `a ${name} header`,
            actual: '(missing)',
          },
        ),
      );
      continue;
    }
    if (!header.schema) continue;
    const validate = book.validator(`${op.operationId} ${status} header ${name}`, header.schema);
    if (validate(headerValue(value, book.deref(header.schema)))) continue;
    const why = describeErrors(validate.errors)
      .map((issue) => issue.message)
      .join('; ');
    out.push(
      fail(
        op.operationId,
        'response_headers_conformance',
        `${status} header ${name}: ${why}, got ${JSON.stringify(value)}`,
        exchange,
        {
          schemaPath: `${status} header ${name}`,
          expected: JSON.stringify(header.schema),
          actual: value,
        },
      ),
    );
  }
  return out.length > 0 ? out : [pass(op.operationId, 'response_headers_conformance')];
}
