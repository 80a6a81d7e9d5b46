import type { Operation } from '@cohort/openapi';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass } from './diagnostic.ts';

/** A method the path does not document must be answered 405 with an Allow header (RFC 9110 15.5.6). */
export function unsupportedMethod(op: Operation, exchange: Exchange): Diagnostic {
  const { status, headers } = exchange.response;
  const method = exchange.request.method;
  if (status !== 405) {
    return fail(
      op.operationId,
      'unsupported_method',
      `${method} ${op.path} is undocumented: expected 405, got ${status}`,
      exchange,
      {
        schemaPath: `${method} ${op.path}`,
        expected: 405,
        actual: status,
      },
    );
  }
  if (!headers.allow) {
    return fail(
      op.operationId,
      'unsupported_method',
      `405 for ${method} ${op.path} without an Allow header`,
      exchange,
      {
        schemaPath: `${op.path} Allow`,
        expected: 'an Allow header',
        actual: '(missing)',
      },
    );
  }
  return pass(op.operationId, 'unsupported_method');
}
