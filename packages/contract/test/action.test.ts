import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakingProxy, startMock } from './mock.ts';

// The composite action as a runner runs it: its `run:` steps in order, with bash, `${{ inputs.* }}`
// filled in, and GITHUB_STEP_SUMMARY, GITHUB_OUTPUT and GITHUB_ACTION_PATH set; the `uses:` steps
// (setup-node) are the runner's; bash runs as a runner runs it (-eo pipefail). The checker is this checkout's CLI (the action's `cli` input).
const actionDir = fileURLToPath(new URL('../action/', import.meta.url));
const bin = fileURLToPath(new URL('../bin/cohort-contract.mjs', import.meta.url));

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
}
interface Action {
  inputs: Record<string, { required?: boolean; default?: string }>;
  runs: { using: string; steps: Step[] };
}
const action = yaml.load(readFileSync(join(actionDir, 'action.yml'), 'utf8')) as Action;

/** Runs the action's steps with `given` inputs; resolves with the summary, the outputs and the exit code. */
async function runAction(given: Record<string, string>) {
  const work = mkdtempSync(join(tmpdir(), 'cohort-action-'));
  const summary = join(work, 'summary');
  const output = join(work, 'output');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, spec]) => [name, given[name] ?? spec.default ?? '']),
  );
  const fill = (text: string) =>
    text.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => {
      if (!(name in inputs)) throw new Error(`the action reads an undeclared input: ${name}`);
      return inputs[name] ?? '';
    });
  let code: number | null = 0;
  let log = '';
  for (const step of action.runs.steps) {
    if (step.uses) continue;
    expect(step.shell).toBe('bash');
    const run = fill(step.run ?? '');
    expect(run).not.toMatch(/\$\{\{/);
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(v)]));
    ({ code, log } = await new Promise<{ code: number | null; log: string }>((resolve) => {
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', run], {
        cwd: work,
        env: {
          ...process.env,
          ...env,
          GITHUB_STEP_SUMMARY: summary,
          GITHUB_OUTPUT: output,
          GITHUB_ACTION_PATH: actionDir,
        },
      });
      let text = '';
      child.stdout.on('data', (d) => {
        text += d;
      });
      child.stderr.on('data', (d) => {
        text += d;
      });
      child.once('exit', (exit) => resolve({ code: exit, log: text }));
    }));
    if (code !== 0) break;
  }
  const outputs = Object.fromEntries(
    readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('=', 2) as [string, string]),
  );
  return { work, code, log, summary: readFileSync(summary, 'utf8'), outputs };
}

let mock: { url: string; stop(): void };
let broken: Awaited<ReturnType<typeof fakingProxy>>;
const quick = '--fuzz 0 --skip-examples --operations getMe,listNotes';

beforeAll(async () => {
  mock = await startMock();
  broken = await fakingProxy(mock.url, (method, url) =>
    method === 'GET' && url === '/api/v1/users/me'
      ? { body: { success: true, data: { id: 'not a user' } } }
      : undefined,
  );
}, 60_000);

afterAll(() => {
  broken?.server.close();
  mock?.stop();
});

describe('the GitHub Action (packages/contract/action/action.yml)', () => {
  it('is a composite action whose only step besides setup-node is the check', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.inputs['base-url']?.required).toBe(true);
    expect(action.runs.steps.filter((s) => s.uses).map((s) => s.uses)).toEqual(['actions/setup-node@v4']);
  });

  it('writes the Markdown summary to the job summary and the HTML and JUnit reports as files', async () => {
    const run = await runAction({ 'base-url': mock.url, args: quick, cli: `${process.execPath} ${bin}` });
    expect(run.code, run.log).toBe(0);
    expect(run.outputs['exit-code']).toBe('0');
    expect(run.summary).toMatch(/^## Conformance of http:\/\/127\.0\.0\.1:\d+: ✅ passed\n/);
    expect(run.summary).toContain('### Status coverage');
    expect(run.summary).toMatch(/^\| `getMe` \| \d+\/\d+ \| ✅ 200/m);
    const dir = join(run.work, run.outputs['report-dir'] ?? 'missing');
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toBe(run.summary);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(
      /<testsuites name="cohort-contract"[^>]* failures="0"/,
    );
  });

  it('fails the step on a failed check, with the failure and its curl line in the summary', async () => {
    const run = await runAction({ 'base-url': broken.url, args: quick, cli: `${process.execPath} ${bin}` });
    expect(run.code).toBe(1);
    expect(run.outputs['exit-code']).toBe('1');
    expect(run.summary).toMatch(/: ❌ \d+ failed\n/);
    expect(run.summary).toMatch(/<summary><code>getMe<\/code> · <code>\w+<\/code>/);
    expect(run.summary).toMatch(/```sh\ncurl [^\n]*\/api\/v1\/users\/me/);
  });

  it('says in the summary when the checker stopped before writing one', async () => {
    const run = await runAction({ 'base-url': 'http://127.0.0.1:9', args: quick, cli: `${process.execPath} ${bin}` });
    expect(run.code).toBe(2);
    expect(run.summary).toMatch(/exited 2 before writing a summary|error/);
  });

  it('runs the checker package of its own release by default: scope from the root package.json, version from the package', async () => {
    // A stand-in `npx` on PATH records what the action asked it to run.
    const fakeBin = mkdtempSync(join(tmpdir(), 'cohort-action-npx-'));
    mkdirSync(fakeBin, { recursive: true });
    writeFileSync(join(fakeBin, 'npx'), '#!/bin/sh\necho "$@" > "$GITHUB_OUTPUT.npx"\nexit 2\n', { mode: 0o755 });
    const path = process.env.PATH;
    process.env.PATH = `${fakeBin}:${path}`;
    try {
      const run = await runAction({ 'base-url': mock.url });
      const root = JSON.parse(readFileSync(join(actionDir, '../../../package.json'), 'utf8'));
      const own = JSON.parse(readFileSync(join(actionDir, '../package.json'), 'utf8'));
      const asked = join(run.work, 'output.npx');
      expect(existsSync(asked)).toBe(true);
      expect(readFileSync(asked, 'utf8')).toMatch(
        new RegExp(`^-y ${root.release.scope}/contract@${own.version.replace(/\./g, '\\.')} --base-url `),
      );
    } finally {
      process.env.PATH = path;
    }
  });
});
