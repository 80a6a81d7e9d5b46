import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseContract } from './diff-fixture.ts';
import { cli } from './helpers.ts';

const CONTRACT = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'cohort-diff-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const base = file('base.json', JSON.stringify(baseContract()));
const headDoc = baseContract();
delete headDoc.paths['/notes/{id}'];
headDoc.components.schemas.NoteInput.properties.title = { type: 'string' };
const head = file('head.json', JSON.stringify(headDoc));
const allow = file('allow.txt', '# accepted\npath-removed deleteNote was never released\n');
const app = join(dir, 'web');
mkdirSync(join(app, 'src'), { recursive: true });
writeFileSync(
  join(app, 'src', 'notes.ts'),
  "export const remove = (id: number) =>\n  client.DELETE('/notes/{id}', { params: { path: { id } } });\n",
);

describe('cohort-contract diff', () => {
  it('exits 0 with no changes when a contract is compared with itself', async () => {
    const run = await cli(['diff', CONTRACT, CONTRACT]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no changes');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('0 breaking (0 allowed), 0 non-breaking');
  });

  it('exits 1 on a breaking change and names its rule and pointer', async () => {
    const run = await cli(['diff', base, head]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('[path-removed] path /notes/{id} removed (DELETE)');
    expect(run.stdout).toContain('at /paths/~1notes~1{id}');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 breaking (0 allowed), 1 non-breaking');
  });

  it('exits 0 when the allow file accepts every breaking change', async () => {
    const run = await cli(['diff', base, head, '--allow', allow]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('allowed: deleteNote was never released');
  });

  it('exits 0 on non-breaking changes only', async () => {
    const run = await cli([
      'diff',
      head,
      file('head2.json', JSON.stringify({ ...headDoc, info: { ...headDoc.info, description: 'x' } })),
    ]);
    expect(run.code).toBe(0);
  });

  it('--used-by marks the breaking changes the app calls; --json carries it', async () => {
    const text = await cli(['diff', base, head, '--used-by', app]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('DELETE /notes/{id} (deleteNote)  ← used by src/notes.ts:2');
    const json = await cli(['diff', base, head, '--used-by', app, '--json']);
    const result = JSON.parse(json.stdout);
    expect(result.summary).toEqual({ breaking: 1, allowed: 0, unallowed: 1, nonBreaking: 1 });
    expect(result.changes.find((c: { code: string }) => c.code === 'path-removed')).toMatchObject({
      code: 'path-removed',
      pointer: '/paths/~1notes~1{id}',
      usedBy: ['src/notes.ts:2'],
    });
    expect(result.usedBy).toEqual({ dir: app, calls: 1 });
  });

  it('--markdown prints a summary for the GitHub job summary', async () => {
    const run = await cli(['diff', base, head, '--markdown', '--allow', allow]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^## Contract diff\n\n:white_check_mark: No unallowed breaking change/);
    expect(run.stdout).toContain('| allowed | `DELETE /notes/{id} (deleteNote)` | `path-removed` |');
  });

  it.each([
    ['one contract only', ['diff', base], /needs two contract files/],
    ['three positionals', ['diff', base, head, head], /unexpected argument/],
    ['an unknown flag', ['diff', base, head, '--nope'], /Unknown option/],
    ['--json with --markdown', ['diff', base, head, '--json', '--markdown'], /go alone/],
    ['a missing contract', ['diff', base, join(dir, 'none.yaml')], /cannot read/],
    ['a file that is not OpenAPI', ['diff', base, file('x.json', '{"a":1}')], /not an OpenAPI document/],
    ['a missing allow file', ['diff', base, head, '--allow', join(dir, 'none.txt')], /cannot read the allow file/],
    [
      'an allow entry without a reason',
      ['diff', base, head, '--allow', file('bad.txt', 'path-removed\n')],
      /needs a reason/,
    ],
    ['a missing --used-by directory', ['diff', base, head, '--used-by', join(dir, 'nope')], /cannot scan --used-by/],
  ])('exits 2 on %s', async (_name, args, message) => {
    const run = await cli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});
