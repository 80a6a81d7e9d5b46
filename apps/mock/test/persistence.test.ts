import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  // Damaged files marked version 1: each is refused whole, naming the first bad field, never half-loaded.
  const good = () => JSON.parse(JSON.stringify(seedState({ users: 5, channels: 2 })));
  it.each([
    [
      'messages: null',
      (s: Record<string, unknown>) => Object.assign(s, { messages: null }),
      '/messages must be object',
    ],
    ['tokens: null', (s: Record<string, unknown>) => Object.assign(s, { tokens: null }), '/tokens must be object'],
    ['no next_id', (s: Record<string, unknown>) => delete s.next_id, '/next_id is missing'],
    [
      'a counter missing',
      (s: { next_id: Record<string, unknown> }) => delete s.next_id.note,
      '/next_id/note is missing',
    ],
    ['users not a list', (s: Record<string, unknown>) => Object.assign(s, { users: {} }), '/users must be array'],
    [
      'a user without an id',
      (s: { users: Record<string, unknown>[] }) => delete s.users[0]?.id,
      '/users/0/id is missing',
    ],
    [
      'a message list of strings',
      (s: { messages: Record<string, unknown> }) => Object.assign(s.messages, { chan_x: ['hi'] }),
      '/messages/chan_x/0 must be object',
    ],
  ])('refuses %s, naming %s', (_name, damage, want) => {
    const file = join(dir, 'damaged.json');
    const state = good();
    damage(state);
    const bytes = JSON.stringify(state);
    writeFileSync(file, bytes);
    expect(() => readStateFile(file)).toThrow(`damaged.json is not a usable Cohort state file: ${want}`);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
  });

  it.each([
    ['not JSON', '{"version":', /not JSON/],
    ['empty', '', /not JSON/],
    ['an array', '[]', /must be object/],
    ['null', 'null', /must be object/],
  ])('refuses a file that is %s', (_name, text, want) => {
    const file = join(dir, 'junk.json');
    writeFileSync(file, text);
    expect(() => readStateFile(file)).toThrow(want);
  });
});
