import type { Operation } from '@cohort/openapi';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';
import { documentedResponse } from './status-code-conformance.ts';

function mediaType(value: string): string {
  return (value.split(';')[0] ?? '').trim().toLowerCase();
}

function matches(actual: string, documented: string): boolean {
  const [type, subtype] = documented.toLowerCase().split('/');
  const [aType, aSubtype] = actual.split('/');
  return (type === '*' || type === aType) && (subtype === '*' || subtype === aSubtype);
}

/** The response's Content-Type is one the contract documents for that status. */
export function contentTypeConformance(op: Operation, exchange: Exchange): Diagnostic {
  const response = documentedResponse(op, exchange.response.status);
  const documented = Object.keys(response?.content ?? {});
  const actual = mediaType(exchange.response.contentType);
  if (!response && exchange.response.status >= 400 && exchange.response.text.length > 0) {
    // Undocumented errors are judged by the contract's convention: every error body is the JSON envelope.
    if (/^application\/([\w.-]+\+)?json$/.test(actual)) return pass(op.operationId, 'content_type_conformance');
    return fail(
      op.operationId,
      'content_type_conformance',
      `the ${exchange.response.status} error body is ${actual || 'untyped'}, not JSON`,
      exchange,
      { schemaPath: `status ${exchange.response.status}`, expected: 'application/json', actual: actual || null },
    );
  }
  if (documented.length === 0) return skip(op.operationId, 'content_type_conformance', 'no body documented');
  if (documented.some((d) => matches(actual, d))) return pass(op.operationId, 'content_type_conformance');
  return fail(
    op.operationId,
    'content_type_conformance',
    `Content-Type ${actual || '(none)'} for status ${exchange.response.status}; the contract documents ${documented.join(', ')}`,
    exchange,
    { schemaPath: `status ${exchange.response.status}`, expected: documented.join(', '), actual: actual || null },
  );
}
