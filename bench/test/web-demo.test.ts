import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSizes, demoRows } from '../src/web-demo.ts';

const dir = mkdtempSync(join(tmpdir(), 'bench-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, size: number): number {
  const text = Array.from({ length: size }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join('');
  writeFileSync(join(dir, name), text);
  return gzipSync(text).length;
}

describe('the static demo sizes', () => {
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  const entry = file('assets/entry.js', 3000);
  const shared = file('assets/shared.js', 2000);
  const app = file('assets/app.js', 1500);
  const login = file('assets/login.js', 500);
  const other = file('assets/other.js', 4000);
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'src/offline/main.ts': { file: 'assets/entry.js', isEntry: true, imports: ['_shared'] },
      _shared: { file: 'assets/shared.js' },
      'src/main.tsx': { file: 'assets/app.js', imports: ['_shared'] },
      'src/app/routes/login.tsx': { file: 'assets/login.js' },
      'src/app/routes/other.tsx': { file: 'assets/other.js' },
    }),
  );

  it('counts for /login the entry, the app entry and the login route with their imports, each file once', () => {
    const sizes = buildSizes(dir);
    expect(sizes.loginKB * 1024).toBeCloseTo(entry + shared + app + login, 6);
    expect(sizes.totalKB * 1024).toBeCloseTo(entry + shared + app + login + other, 6);
  });

  it('gives the demo as ratios of the normal build, and says why when not measured', () => {
    const rows = demoRows({ totalKB: 100, loginKB: 50 }, { totalKB: 300, loginKB: 200 });
    expect(rows.map((r) => r.ratio?.value)).toEqual([4, 3]);
    expect(
      demoRows(null, null, 'not measured: no build').every(
        (r) => r.value === null && r.note === 'not measured: no build',
      ),
    ).toBe(true);
  });
});
