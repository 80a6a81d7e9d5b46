import { describeErrors, type Operation } from '@cohort/openapi';
import { atPointer, type SchemaBook } from '../schema.ts';
import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';
import { documentedResponse } from './status-code-conformance.ts';

export function jsonMedia(content: Record<string, { schema?: unknown }>): { schema?: unknown } | undefined {
  const key = Object.keys(content).find((k) => /^application\/([\w.-]+\+)?json$/i.test(k.split(';')[0] ?? ''));
  return key !== undefined ? content[key] : undefined;
}

/** Array indices become `*` so one broken field in every list item is reported once. */
export function normalisePointer(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}

/**
 * The body validates against the schema of that status. Each mismatch becomes its own failure
 * with the JSON pointer, what the contract expects and the actual value.
 */
export function responseSchemaConformance(op: Operation, exchange: Exchange, book: SchemaBook): Diagnostic[] {
  const { status } = exchange.response;
  const media = jsonMedia(documentedResponse(op, status)?.content ?? {});
  if (!media?.schema) return [skip(op.operationId, 'response_schema_conformance', `no JSON schema for ${status}`)];
  const body = exchange.response.json;
  if (body === undefined) {
    return [
      fail(op.operationId, 'response_schema_conformance', `the ${status} body is not JSON`, exchange, {
        schemaPath: `status ${status}`,
        expected: 'a JSON body',
        actual: exchange.response.text.slice(0, 80),
      }),
    ];
  }
  const validate = book.validator(`${op.operationId} ${status}`, media.schema);
  if (validate(body)) return [pass(op.operationId, 'response_schema_conformance')];
  return describeErrors(validate.errors).map((issue) => {
    const actual = issue.keyword === 'required' ? undefined : atPointer(body, issue.pointer);
    const pattern = typeof issue.params.pattern === 'string' ? issue.params.pattern : '';
    const prefix = /^\^([a-z]+_)/.exec(pattern)?.[1];
    const message =
      issue.keyword === 'pattern' && prefix
        ? `${issue.pointer}: id ${JSON.stringify(actual)} does not carry the prefix ${prefix} (${pattern})`
        : issue.keyword === 'required'
          ? `${issue.pointer}: required field is missing`
          : `${issue.pointer || '(body)'} ${issue.message}, got ${JSON.stringify(actual)}`;
    return fail(op.operationId, 'response_schema_conformance', `${status} body ${message}`, exchange, {
      schemaPath: `${status} ${normalisePointer(issue.pointer)} ${issue.keyword}`,
      expected: `${issue.message}${pattern ? '' : ` (${issue.keyword} ${JSON.stringify(issue.params)})`}`,
      actual: actual === undefined ? '(missing)' : actual,
    });
  });
}
