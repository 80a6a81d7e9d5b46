import type { ConformanceResult } from '../types.ts';

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .split('')
    .filter(allowedInXml)
    .join('');
}

/** XML 1.0 forbids most control characters even when escaped; a server's body may contain them. */
function allowedInXml(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
}

/** JUnit XML: one testsuite per operation, one testcase per operation × check. */
export function renderJunit(result: ConformanceResult): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(
    `<testsuites name="cohort-contract" tests="${result.cells.length}" failures="${result.failed}" skipped="${result.skipped}" errors="${result.errors.length}" time="${(result.durationMs / 1000).toFixed(3)}">`,
  );
  for (const operationId of result.operations) {
    const cells = result.cells.filter((c) => c.operationId === operationId);
    const failures = cells.filter((c) => c.status === 'fail' && !c.known).length;
    const skipped = cells.filter((c) => c.status === 'skip').length;
    out.push(
      `  <testsuite name="${xml(operationId)}" tests="${cells.length}" failures="${failures}" skipped="${skipped}">`,
    );
    for (const cell of cells) {
      const open = `    <testcase classname="${xml(operationId)}" name="${xml(cell.check)}"`;
      if (cell.status === 'pass') {
        out.push(`${open} />`);
      } else if (cell.status === 'skip') {
        out.push(`${open}>`, `      <skipped message="${xml(cell.reason ?? '')}" />`, '    </testcase>');
      } else {
        const found = result.failures.filter((f) => f.operationId === operationId && f.code === cell.check);
        const body = found
          .map((f) => [f.message, f.curl ? `reproduce: ${f.curl}` : ''].filter(Boolean).join('\n'))
          .join('\n\n');
        const tag = cell.known ? 'skipped' : 'failure';
        const message = cell.known ? 'known failure (baseline)' : (found[0]?.message ?? 'failed');
        out.push(`${open}>`, `      <${tag} message="${xml(message)}">${xml(body)}</${tag}>`, '    </testcase>');
      }
    }
    out.push('  </testsuite>');
  }
  for (const e of result.errors) {
    out.push(
      `  <testsuite name="${xml(e.operationId)}" tests="1" errors="1">`,
      `    <testcase classname="${xml(e.operationId)}" name="${xml(e.code)}"><error message="${xml(e.message)}" /></testcase>`,
      '  </testsuite>',
    );
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
