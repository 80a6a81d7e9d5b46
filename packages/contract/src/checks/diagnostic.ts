import { excerpt, toCurl } from '../http.ts';
import type { CheckName, Diagnostic, Exchange } from '../types.ts';

export interface DiagnosticExtra {
  schemaPath?: string;
  expected?: unknown;
  actual?: unknown;
}

export function pass(operationId: string, code: CheckName): Diagnostic {
  return { operationId, severity: 'pass', code, message: 'ok' };
}

export function skip(operationId: string, code: CheckName, reason: string): Diagnostic {
  return { operationId, severity: 'skip', code, message: reason };
}

/** A failure with the request, a response excerpt and a curl command that reproduces it. */
export function fail(
  operationId: string,
  code: CheckName,
  message: string,
  exchange?: Exchange,
  extra: DiagnosticExtra = {},
): Diagnostic {
  return {
    operationId,
    severity: 'fail',
    code,
    message,
    ...extra,
    ...(exchange
      ? {
          request: exchange.request,
          response: {
            status: exchange.response.status,
            contentType: exchange.response.contentType,
            body: excerpt(exchange.response.text),
          },
          curl: toCurl(exchange.request),
        }
      : {}),
  };
}
