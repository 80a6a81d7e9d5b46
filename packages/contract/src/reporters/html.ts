import type { ConformanceResult, Diagnostic } from '../types.ts';
import { coverageLine, percent, statusState } from './coverage-text.ts';

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// One file, no network: the styles are inline and there is no script.
const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
.meta{color:#57606a}
.cards{display:flex;gap:12px;flex-wrap:wrap;margin:16px 0}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:10px 16px;min-width:120px}
.card b{display:block;font-size:24px}
.bad b{color:#b42318}.good b{color:#1a7f37}
table{border-collapse:collapse;background:#fff;width:100%;border:1px solid #d0d7de}
th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eaeef2;vertical-align:top}
th{background:#f0f2f5;font-weight:600}
.s{display:inline-block;margin:1px 2px;padding:0 6px;border-radius:4px;font:12px ui-monospace,monospace}
.observed{background:#dafbe1;color:#1a7f37}.missing{background:#ffebe9;color:#b42318;font-weight:700}
.not-reached{background:#fff8c5;color:#7d4e00}.optional{background:#eaeef2;color:#57606a}
.fail{border-left:4px solid #b42318;background:#fff;padding:8px 12px;margin:8px 0}
pre{white-space:pre-wrap;word-break:break-all;background:#f6f8fa;padding:6px;margin:4px 0}
`;

function failureHtml(f: Diagnostic): string {
  const lines = [`<div class="fail"><b>${esc(f.operationId)}</b> · <code>${esc(f.code)}</code>`];
  lines.push(`<div>${esc(f.message)}</div>`);
  if (f.expected !== undefined) lines.push(`<div>expected: <code>${esc(JSON.stringify(f.expected))}</code></div>`);
  if (f.actual !== undefined) lines.push(`<div>actual: <code>${esc(JSON.stringify(f.actual))}</code></div>`);
  if (f.curl) lines.push(`<pre>${esc(f.curl)}</pre>`);
  lines.push('</div>');
  return lines.join('');
}

/** A self-contained HTML report a backend lead can open: summary, status coverage, failures. */
export function renderHtml(result: ConformanceResult): string {
  const cov = result.coverage;
  const card = (label: string, value: string, tone = '') =>
    `<div class="card ${tone}">${esc(label)}<b>${esc(value)}</b></div>`;
  const rows = cov.operations.map((row) => {
    const cells = row.statuses.map((s) => {
      const state = statusState(s);
      const title =
        state === 'observed'
          ? `${s.observed} answer(s); ${s.observedTypes.join(', ')}`
          : state === 'missing'
            ? `never returned; sent ${s.provokedBy}`
            : s.reason
              ? `${state}: ${s.reason}`
              : state;
      return `<span class="s ${state.replace(' ', '-')}" title="${esc(title)}">${esc(s.status)}</span>`;
    });
    const checks = result.cells.filter((c) => c.operationId === row.operationId);
    const failed = checks.filter((c) => c.status === 'fail' && !c.known).map((c) => c.check);
    return `<tr><td><code>${esc(row.operationId)}</code></td><td>${row.covered}/${row.required}</td><td>${cells.join('')}</td><td>${failed.length ? esc(failed.join(', ')) : '—'}</td></tr>`;
  });
  const fresh = result.failures.filter(
    (f) => !result.cells.some((c) => c.known && c.check === f.code && c.operationId === f.operationId),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>cohort-contract report — ${esc(result.baseUrl)}</title><style>${STYLE}</style></head>
<body><main>
<h1>Conformance of ${esc(result.baseUrl)}</h1>
<div class="meta">${result.operations.length} operations · seed ${result.seed} · ${result.requests} requests in ${result.durationMs} ms</div>
<div class="cards">${card('passed', String(result.passed), 'good')}${card('failed', String(result.failed), result.failed ? 'bad' : 'good')}${card('skipped', String(result.skipped))}${card('status coverage', percent(cov.ratio), cov.ratio < 1 ? '' : 'good')}${result.errors.length ? card('errors', String(result.errors.length), 'bad') : ''}</div>
${result.errors.map((e) => `<div class="fail">error: ${esc(e.message)}</div>`).join('\n')}
<h2>Status coverage</h2>
<p>${esc(coverageLine(cov))}. <span class="s observed">observed</span> <span class="s missing">declared, never returned though provoked</span> <span class="s not-reached">not reached by the run's inputs</span> <span class="s optional">optional (needs a fault)</span></p>
<table><thead><tr><th>operation</th><th>covered</th><th>declared statuses</th><th>failed checks</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
<h2>Failures (${fresh.length})</h2>
${fresh.length ? fresh.map(failureHtml).join('\n') : '<p>None.</p>'}
</main></body></html>
`;
}
