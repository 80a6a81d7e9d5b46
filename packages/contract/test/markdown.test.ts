import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConformanceResult, renderMarkdown, runConformance } from '../src/index.ts';
import { renderHtml } from '../src/reporters/html.ts';
import { cli } from './helpers.ts';
import { fakingProxy, startMock } from './mock.ts';

// Real run data: the real mock, and the same mock behind a proxy whose getMe answers a body the
// contract does not allow (one failure, with its curl line).
let mock: { url: string; stop(): void };
let broken: Awaited<ReturnType<typeof fakingProxy>>;
let passing: ConformanceResult;
let failing: ConformanceResult;
const options = { operations: ['getMe', 'listNotes', 'storeNote'], fuzz: 0, seed: 3, examples: false };

beforeAll(async () => {
  mock = await startMock();
  broken = await fakingProxy(mock.url, (method, url) =>
    method === 'GET' && url === '/api/v1/users/me'
      ? { body: { success: true, data: { id: 'not a user' } } }
      : undefined,
  );
  passing = await runConformance({ baseUrl: mock.url, ...options });
  failing = await runConformance({ baseUrl: broken.url, ...options });
}, 120_000);

afterAll(() => {
  broken?.server.close();
  mock?.stop();
});

/** The coverage rows as each report shows them: operation, covered/required, each status's state. */
function markdownRows(md: string): string[] {
  return [...md.matchAll(/^\| `(\w+)` \| (\d+\/\d+) \| ([^|]*) \|/gm)].map(([, op, covered, statuses]) => {
    const parts = (statuses ?? '').trim().split(' ');
    const pairs: string[] = [];
    for (let i = 0; i < parts.length; i += 2) pairs.push(`${parts[i]}${parts[i + 1]}`);
    return `${op} ${covered} ${pairs.join(',')}`;
  });
}
function htmlRows(html: string): string[] {
  const mark = { observed: '✅', missing: '❌', 'not-reached': '⚪', optional: '➖' } as Record<string, string>;
  return [...html.matchAll(/<tr><td><code>(\w+)<\/code><\/td><td>(\d+\/\d+)<\/td><td>(.*?)<\/td>/g)].map(
    ([, op, covered, cells]) =>
      `${op} ${covered} ${[...(cells ?? '').matchAll(/class="s ([\w-]+)"[^>]*>(\w+)</g)]
        .map(([, state, status]) => `${mark[state ?? '']}${status}`)
        .join(',')}`,
  );
}

describe('the Markdown report', () => {
  it('says a clean run passed, with no failures, and the same coverage rows as the HTML report', () => {
    const md = renderMarkdown(passing);
    expect(passing.failed).toBe(0);
    expect(md).toMatch(new RegExp(`^## Conformance of ${mock.url.replace(/[.]/g, '\\.')}: ✅ passed\n`));
    expect(md).toContain('### Failures (0)\n\nNone.');
    const rows = markdownRows(md);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(htmlRows(renderHtml(passing)));
    expect(md).toContain(`| ${passing.passed} | 0 | ${passing.skipped} |`);
  });

  it('lists each failure with its curl line, as the HTML report does', () => {
    const md = renderMarkdown(failing);
    const html = renderHtml(failing);
    expect(failing.failed).toBeGreaterThan(0);
    expect(md).toContain(`: ❌ ${failing.failed} failed\n`);
    const fresh = failing.failures;
    expect(fresh.length).toBeGreaterThan(0);
    expect(md).toContain(`### Failures (${fresh.length})`);
    expect(html).toContain(`<h2>Failures (${fresh.length})</h2>`);
    for (const f of fresh) {
      expect(md).toContain(`<summary><code>${f.operationId}</code> · <code>${f.code}</code>`);
      if (f.curl) expect(md).toContain(`\`\`\`sh\n${f.curl}\n\`\`\``);
    }
    expect(fresh.some((f) => f.operationId === 'getMe' && f.curl?.includes('/api/v1/users/me'))).toBe(true);
    // The failed checks column names the same checks in both reports.
    expect(md).toMatch(/^\| `getMe` \| \d+\/\d+ \| [^|]+ \| (?!—)[^|]+ \|$/m);
    expect(markdownRows(md)).toEqual(htmlRows(html));
  });
});

describe('--report FILE (CLI)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cohort-markdown-'));
  const args = () => ['--base-url', mock.url, '--fuzz', '0', '--skip-examples', '--operations', 'getMe'];

  it('writes Markdown for .md, HTML for .html and JUnit for .xml, in one run', async () => {
    const [md, html, xml] = ['summary.md', 'report.html', 'junit.xml'].map((name) => join(dir, name));
    const run = await cli([...args(), '--report', md ?? '', '--report', html ?? '', '--report', xml ?? '']);
    expect(run.code).toBe(0);
    expect(readFileSync(md ?? '', 'utf8')).toMatch(/^## Conformance of .*: ✅ passed\n/);
    expect(readFileSync(html ?? '', 'utf8')).toMatch(/^<!doctype html>/);
    expect(readFileSync(xml ?? '', 'utf8')).toMatch(/^<\?xml version="1.0"/);
  });

  it('refuses any other extension before the run, naming the ones it knows', async () => {
    let requests = 0;
    const counting = await fakingProxy(mock.url, () => {
      requests += 1;
      return undefined;
    });
    const run = await cli([
      '--base-url',
      counting.url,
      '--fuzz',
      '0',
      '--operations',
      'getMe',
      '--report',
      join(dir, 'report.txt'),
    ]);
    counting.server.close();
    expect(requests).toBe(0);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /--report .*report\.txt: the name must end in \.html \(HTML\), \.md \(Markdown\) or \.xml \(JUnit\)/,
    );
    expect(run.stdout).toBe('');
  });
});
