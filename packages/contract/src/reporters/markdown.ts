import type { ConformanceResult, Diagnostic } from '../types.ts';
import { reportData, type StatusState } from './report-data.ts';

// A job summary holds at most 1 MiB: past this many failures the list points at the HTML report.
const MAX_FAILURES = 50;
const MAX_DETAIL = 2_000;

const MARK: Record<StatusState, string> = { observed: '✅', missing: '❌', 'not reached': '⚪', optional: '➖' };

/** Text for a table cell or a line: no line breaks, no cell separators, no stray HTML or emphasis. */
const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/[\\`*_<>|[\]]/g, (c) => `\\${c}`);
/** A code span that holds any text (its fence is longer than any run of backticks inside). */
const code = (text: string) => {
  const flat = text.replace(/\s+/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  return `${fence}${flat.startsWith('`') || flat.endsWith('`') ? ` ${flat} ` : flat}${fence}`;
};
const clip = (text: string) => (text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text);

function failureMarkdown(f: Diagnostic): string {
  const out = [
    `<details><summary><code>${html(f.operationId)}</code> · <code>${html(f.code)}</code> — ${html(f.message)}</summary>`,
    '',
  ];
  if (f.expected !== undefined) out.push(`- expected: ${code(clip(JSON.stringify(f.expected)))}`);
  if (f.actual !== undefined) out.push(`- actual: ${code(clip(JSON.stringify(f.actual)))}`);
  if (f.curl) {
    const fence = '`'.repeat(Math.max(3, ...(f.curl.match(/`+/g) ?? []).map((run) => run.length + 1)));
    out.push('', `${fence}sh`, f.curl, fence);
  }
  out.push('', '</details>');
  return out.join('\n');
}

const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s+/g, ' ');

/**
 * The run as GitHub-flavoured Markdown, for `$GITHUB_STEP_SUMMARY` or a pull request comment: the
 * verdict, the failures with the `curl` that repeats each, and the status coverage table. The
 * same data as the HTML report (reportData).
 */
export function renderMarkdown(result: ConformanceResult): string {
  const data = reportData(result);
  const verdict = data.errors.length > 0 ? '⚠️ error' : data.failed > 0 ? `❌ ${data.failed} failed` : '✅ passed';
  const out = [
    `## Conformance of ${inline(data.baseUrl)}: ${verdict}`,
    '',
    data.meta,
    '',
    '| passed | failed | skipped | status coverage |',
    '| -----: | -----: | ------: | --------------: |',
    `| ${data.passed} | ${data.failed} | ${data.skipped} | ${data.coverage.percent} |`,
    '',
  ];
  for (const error of data.errors) out.push(`> **error:** ${inline(error)}`, '');
  out.push(`### Failures (${data.failures.length})`, '');
  if (data.failures.length === 0) out.push('None.', '');
  for (const f of data.failures.slice(0, MAX_FAILURES)) out.push(failureMarkdown(f), '');
  if (data.failures.length > MAX_FAILURES) {
    out.push(
      `… and ${data.failures.length - MAX_FAILURES} more: the HTML report (\`--report report.html\`) lists every one.`,
      '',
    );
  }
  out.push(
    '### Status coverage',
    '',
    `${inline(data.coverage.line)}. ${MARK.observed} observed · ${MARK.missing} declared, never returned though provoked · ${MARK['not reached']} not reached by the run's inputs · ${MARK.optional} optional (needs a fault)`,
    '',
    '| operation | covered | declared statuses | failed checks |',
    '| --------- | ------: | ----------------- | ------------- |',
  );
  for (const row of data.rows) {
    const statuses = row.statuses.map((s) => `${MARK[s.state]} ${s.status}`).join(' ');
    const failed = row.failedChecks.length > 0 ? row.failedChecks.map(inline).join(', ') : '—';
    out.push(`| ${code(row.operationId)} | ${row.covered}/${row.required} | ${statuses} | ${failed} |`);
  }
  return `${out.join('\n')}\n`;
}
