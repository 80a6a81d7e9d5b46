import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES, type ConformanceResult } from '../src/types.ts';
import { cli, type FixtureServer, startFixture } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-contract-'));
let good: FixtureServer;
let broken: FixtureServer;

beforeAll(async () => {
  [good, broken] = await Promise.all([startFixture(), startFixture('undocumented-status')]);
});
afterAll(async () => {
  await Promise.all([good.close(), broken.close()]);
});

const quick = ['--fuzz', '3', '--seed', '5'];

describe('cohort-contract CLI', () => {
  it('exits 0 and ends with the summary line when everything passes', async () => {
    const run = await cli(['--base-url', good.url, ...quick, '--operations', 'getMe,storeNote,listNotes']);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/);
    expect(run.stdout).toContain('storeNote');
  });

  it('exits 1 on a failed check, names it and prints a curl that reproduces it', async () => {
    const run = await cli(['--base-url', broken.url, ...quick, '--operations', 'storeNote']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/\[status_code_conformance\] storeNote \(scenario\): status 200 is not documented/);
    expect(run.stdout).toMatch(
      /reproduce: curl -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/users\/me\/notes\/store'/,
    );
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, 1 failed, \d+ skipped$/);
  });

  it.each([
    ['no --base-url', [] as string[], /--base-url is required/],
    ['an unknown flag', ['--base-url', 'http://127.0.0.1:1', '--nope'], /Unknown option/],
    ['a bad --include', ['--base-url', 'http://127.0.0.1:1', '--include', 'some'], /--include must be/],
    ['an unknown operation', ['--base-url', 'http://127.0.0.1:1', '--operations', 'nope'], /unknown operationId: nope/],
    ['a missing contract', ['--base-url', 'http://127.0.0.1:1', '--contract', '/nonexistent.yaml'], /cannot read/],
    ['half the credentials', ['--base-url', 'http://127.0.0.1:1', '--email', 'a@b.test'], /go together/],
    [
      'a malformed --base-url',
      ['--base-url', 'http://[::1'],
      /--base-url must be an http\(s\) URL .*: http:\/\/\[::1$/m,
    ],
    ['a --base-url that is not http(s)', ['--base-url', 'ftp://127.0.0.1:1'], /--base-url must be an http\(s\) URL/],
  ])('exits 2 on a usage error: %s', async (_name, args, message) => {
    const run = await cli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    // A usage error is one readable line, never an internal error with a stack trace.
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('exits 2 when the server cannot be reached', async () => {
    const run = await cli(['--base-url', 'http://127.0.0.1:9', '--fuzz', '0']);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/error: POST http:\/\/127\.0\.0\.1:9\/api\/v1\/register/);
  });

  it('accepts a leading -- (pnpm contract -- --base-url X)', async () => {
    const run = await cli(['--', '--base-url', good.url, '--fuzz', '0', '--operations', 'getMe']);
    expect(run.code).toBe(0);
  });

  it('writes JUnit XML with one testcase per operation × check, and JSON on request', async () => {
    const junit = join(dir, 'junit.xml');
    const run = await cli([
      '--base-url',
      broken.url,
      ...quick,
      '--operations',
      'storeNote,getMe',
      '--report',
      junit,
      '--json',
    ]);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as ConformanceResult;
    expect(result.failed).toBe(1);
    expect(result.failures[0]).toMatchObject({ operationId: 'storeNote', code: 'status_code_conformance' });
    const xml = readFileSync(junit, 'utf8');
    // 2 operations × every check.
    expect(xml.match(/<testcase /g)).toHaveLength(2 * CHECK_NAMES.length);
    expect(xml).toMatch(
      /<testcase classname="storeNote" name="status_code_conformance">\s*<failure message="status 200/,
    );
    expect(xml).toMatch(/<testcase classname="getMe" name="not_a_server_error" \/>/);
    expect(xml).toMatch(/<skipped message="the operation is public" \/>|<skipped message="/);
  });

  // Three runs of the CLI, each a process of its own: more than the default on a busy machine.
  it('adopts a non-conformant server with a baseline and fails only on new differences', {
    timeout: 180_000,
  }, async () => {
    const baseline = join(dir, 'baseline.json');
    const first = await cli([
      '--base-url',
      broken.url,
      ...quick,
      '--operations',
      'storeNote',
      '--write-baseline',
      baseline,
    ]);
    expect(first.code).toBe(1);
    expect(JSON.parse(readFileSync(baseline, 'utf8'))).toEqual({
      version: 1,
      failures: [{ check: 'status_code_conformance', operationId: 'storeNote' }],
    });

    const adopted = await cli([
      '--base-url',
      broken.url,
      ...quick,
      '--operations',
      'storeNote',
      '--baseline',
      baseline,
    ]);
    expect(adopted.code).toBe(0);
    expect(adopted.stdout).toMatch(/1 known failure\(s\) listed in the baseline were not counted/);
    expect(adopted.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/);

    // A difference the baseline does not list still fails the run.
    writeFileSync(
      baseline,
      JSON.stringify({ version: 1, failures: [{ check: 'ignored_auth', operationId: 'storeNote' }] }),
    );
    const fresh = await cli(['--base-url', broken.url, ...quick, '--operations', 'storeNote', '--baseline', baseline]);
    expect(fresh.code).toBe(1);
  });

  it('says which baseline entries are fixed', async () => {
    const baseline = join(dir, 'fixed.json');
    writeFileSync(
      baseline,
      JSON.stringify({ version: 1, failures: [{ check: 'status_code_conformance', operationId: 'storeNote' }] }),
    );
    const run = await cli(['--base-url', good.url, ...quick, '--operations', 'storeNote', '--baseline', baseline]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 baseline entry now passes and can be removed: status_code_conformance storeNote/);
  });

  it('rejects a malformed baseline with exit code 2', async () => {
    const baseline = join(dir, 'bad.json');
    writeFileSync(baseline, '{"failures": [{"check": 1}]}');
    const run = await cli(['--base-url', good.url, '--baseline', baseline]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/each failure needs "check" and "operationId"/);
  });
});
