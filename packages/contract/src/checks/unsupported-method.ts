import type { Operation } from '@cohort/openapi';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass } from './diagnostic.ts';

/** Methods an `Allow` may name beyond the declared ones: HEAD is served by GET (RFC 9110 9.3.2), OPTIONS by CORS. */
function tolerated(method: string, declared: string[]): boolean {
  return method === 'OPTIONS' || (method === 'HEAD' && declared.includes('GET'));
}

/**
 * A method the path does not document must be answered 405 with an `Allow` header (RFC 9110
 * 15.5.6) naming exactly the methods the contract declares for that path.
 */
export function unsupportedMethod(op: Operation, exchange: Exchange, declaredMethods: string[]): Diagnostic {
  const { status, headers } = exchange.response;
  const method = exchange.request.method;
  const declared = declaredMethods.map((m) => m.toUpperCase()).sort();
  if (status !== 405) {
    return fail(
      op.operationId,
      'unsupported_method',
      `${method} ${op.path} is undocumented: expected 405, got ${status}`,
      exchange,
      { schemaPath: `${method} ${op.path}`, expected: 405, actual: status },
    );
  }
  if (headers.allow === undefined) {
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
  const allowed = headers.allow
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean);
  const missing = declared.filter((m) => !allowed.includes(m));
  const extra = allowed.filter((m) => !declared.includes(m) && !tolerated(m, declared));
  if (missing.length === 0 && extra.length === 0) return pass(op.operationId, 'unsupported_method');
  const wrong = [
    ...(missing.length > 0 ? [`leaves out ${missing.join(', ')}`] : []),
    ...(extra.length > 0 ? [`names undeclared ${extra.join(', ')}`] : []),
  ].join(' and ');
  return fail(
    op.operationId,
    'unsupported_method',
    `405 for ${method} ${op.path}: Allow ${JSON.stringify(headers.allow)} ${wrong}`,
    exchange,
    { schemaPath: `${op.path} Allow`, expected: declared.join(', '), actual: headers.allow },
  );
}
