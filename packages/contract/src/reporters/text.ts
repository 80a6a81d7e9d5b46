import { CHECK_NAMES, type CheckName, type ConformanceResult, type Diagnostic } from '../types.ts';
import { coverageLine, unobservedLines } from './coverage-text.ts';

const SHORT: Record<CheckName, string> = {
  not_a_server_error: '5xx',
  status_code_conformance: 'status',
  content_type_conformance: 'ctype',
  response_schema_conformance: 'schema',
  response_headers_conformance: 'header',
  negative_data_rejection: 'neg',
  positive_data_acceptance: 'pos',
  example_acceptance: 'ex',
  example_credentials: 'cred',
  ignored_auth: 'auth',
  use_after_free: 'uaf',
  ensure_resource_availability: 'avail',
  unsupported_method: '405',
  access_control: 'access',
  status_coverage: 'cover',
  stream_conformance: 'stream',
  upload_conformance: 'upload',
  rate_limit_per_user: 'rate',
};

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function oneLine(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function failureBlock(f: Diagnostic, index: number): string[] {
  const lines = [`${index}. [${f.code}] ${f.operationId}${f.phase ? ` (${f.phase})` : ''}: ${f.message}`];
  if (f.expected !== undefined) lines.push(`   expected: ${oneLine(f.expected)}`);
  if (f.actual !== undefined) lines.push(`   actual:   ${oneLine(f.actual)}`);
  if (f.request) {
    lines.push(`   request:  ${f.request.method} ${f.request.url}`);
    const body = f.request.rawBody ?? (f.request.body !== undefined ? JSON.stringify(f.request.body) : undefined);
    if (body !== undefined) lines.push(`             ${oneLine(body)}`);
  }
  if (f.response)
    lines.push(
      `   response: ${f.response.status} ${f.response.contentType || '(no content-type)'} ${oneLine(f.response.body)}`,
    );
  if (f.curl) lines.push(`   reproduce: ${f.curl}`);
  return lines;
}

/** The human report: header, operation × check table, skip reasons, failures, summary line last. */
export function renderText(result: ConformanceResult): string {
  const out: string[] = [];
  out.push(
    `cohort-contract ${result.baseUrl} — ${result.operations.length} operations, seed ${result.seed}, ${result.requests} requests in ${result.durationMs} ms`,
    '',
  );
  if (
    result.errors.length > 0 &&
    (result.passed + result.failed === 0 || result.errors.some((e) => e.code === 'sign-in'))
  ) {
    // Nothing (or only the sign-in) was checked: a table of skips would only hide the reason.
    for (const e of result.errors) out.push(`error: ${e.message}`);
    out.push('', `${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
    return `${out.join('\n')}\n`;
  }
  const width = Math.max(9, ...result.operations.map((o) => o.length)) + 2;
  out.push(pad('operation', width) + CHECK_NAMES.map((c) => pad(SHORT[c], 7)).join(''));
  for (const operationId of result.operations) {
    const row = CHECK_NAMES.map((check) => {
      const cell = result.cells.find((c) => c.operationId === operationId && c.check === check);
      const mark = !cell
        ? ''
        : cell.status === 'pass'
          ? 'ok'
          : cell.status === 'skip'
            ? '-'
            : cell.known
              ? 'known'
              : 'FAIL';
      return pad(mark, 7);
    });
    out.push(pad(operationId, width) + row.join('').trimEnd());
  }
  out.push(
    '',
    `ok pass · FAIL fail · known failure listed in the baseline · - skipped · ${CHECK_NAMES.map((c) => `${SHORT[c]} ${c}`).join(', ')}`,
  );

  const skipped = new Map<string, string[]>();
  for (const c of result.cells.filter((c) => c.status === 'skip' && c.reason !== 'not applicable')) {
    const key = `${c.check}: ${c.reason}`;
    skipped.set(key, [...(skipped.get(key) ?? []), c.operationId]);
  }
  if (skipped.size > 0) {
    out.push('', 'Skipped, and why:');
    for (const [why, ops] of skipped) out.push(`  ${why} — ${ops.join(', ')}`);
  }

  const fresh = result.failures.filter(
    (f) => !result.cells.some((c) => c.known && c.check === f.code && c.operationId === f.operationId),
  );
  if (fresh.length > 0) {
    out.push('', `Failures (${fresh.length}, once per check, operation and schema path):`, '');
    fresh.forEach((f, i) => {
      out.push(...failureBlock(f, i + 1), '');
    });
  }
  if (result.unimplemented.length > 0) {
    out.push(
      '',
      `Answered only 404/405, so probably not implemented (${result.unimplemented.length}): ${result.unimplemented.join(', ')}`,
    );
  }
  if (result.known > 0) out.push('', `${result.known} known failure(s) listed in the baseline were not counted.`);
  if (result.fixed.length > 0) {
    out.push(
      `${result.fixed.length} baseline entr${result.fixed.length === 1 ? 'y now passes' : 'ies now pass'} and can be removed: ${result.fixed.map((f) => `${f.check} ${f.operationId}`).join(', ')}`,
    );
  }
  if (result.coverage) {
    out.push('', `Status coverage: ${coverageLine(result.coverage)}`);
    const gaps = unobservedLines(result.coverage);
    if (gaps.length > 0) out.push('Declared, never returned:', ...gaps.map((line) => `  ${line}`));
  }
  for (const e of result.errors) out.push('', `error: ${e.message}`);
  out.push('', `${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
  return `${out.join('\n')}\n`;
}
