import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/persistence/driver.ts';
import { startMock, stop } from './child.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Overwrites 8 KiB from the first page of the rows index with noise, as a bad disk or a stray write would. */
function damageRowsIndex(file: string): void {
  const db = openDatabase(file, { readonly: true });
  const page = Number(db.pragma('page_size', { simple: true }));
  const root = Number(db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'rows_by_key'").pluck().get());
  db.close();
  expect(root).toBeGreaterThan(1);
  let seed = 42;
  const noise = Buffer.alloc(8192, 0).map(() => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed & 0xff;
  });
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, noise, 0, noise.length, (root - 1) * page);
  } finally {
    closeSync(fd);
  }
}

describe('--data whose SQLite file is damaged', { timeout: 60_000 }, () => {
  it('a rows index overwritten with noise stops the start with one line naming the file, exit 1, the file untouched', async () => {
    const file = join(dir, 'state.db');
    const first = await startMock(['--users', '20', '--data', file]);
    await stop(first.child);
    damageRowsIndex(file);
    const before = readFileSync(file);

    const error = await startMock(['--data', file]).then(
      () => new Error('started'),
      (e: Error) => e,
    );
    expect(error.message).toMatch(
      /exited with 1: Cannot load --data: .*state\.db is not a usable Cohort state file: SQLite's quick check finds it damaged/,
    );
    expect(error.message).not.toMatch(/\n\s+at /);
    expect(error.message.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
