import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStateFile, writeStateFile } from '../src/persistence.ts';
import { seedState } from '../src/seed/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('state file', () => {
  it('round-trips the state and leaves no temp file behind', () => {
    const file = join(dir, 'state.json');
    const state = seedState({ users: 10, channels: 2 });
    writeStateFile(file, state);
    state.notes.push({
      id: 9999,
      user_id: state.users[0]?.id ?? '',
      title: 'Later',
      note: 'Overwrites',
      date: '2026-01-01',
    });
    writeStateFile(file, state);
    expect(readStateFile(file)).toEqual(state);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('is absent before the first write', () => {
    expect(readStateFile(join(dir, 'missing.json'))).toBeUndefined();
  });

  it('refuses a file of another version', () => {
    const file = join(dir, 'future.json');
    writeFileSync(file, JSON.stringify({ version: 2 }));
    expect(() => readStateFile(file)).toThrow(/unknown state version 2/);
  });
});
