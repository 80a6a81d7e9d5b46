import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedState } from '../src/seed/index.ts';
import { readSqliteState, SqliteStateFile } from '../src/sqlite-state.ts';
import { chatOf } from '../src/store/chat.ts';
import type { Row } from '../src/store/rows.ts';
import { Store } from '../src/store/store.ts';
import { writeInEveryArea } from './every-area.ts';
import { startServer } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one transaction per request', () => {
  it('a change that throws after two writes leaves neither, persists nothing and tells no stream', () => {
    const commits: Row[][] = [];
    const store = new Store(seedState({ users: 10, channels: 3 }), {
      persistence: { commit: (rows) => commits.push(rows), replace: () => {} },
    });
    const before = structuredClone(store.snapshot());
    const user = store.firstUsers(1)[0]?.id ?? '';
    const channel = store.listChannelsOf(user)[0]?.id ?? '';
    const heard: unknown[] = [];
    chatOf(store).on('chat', (event) => heard.push(event));

    expect(() =>
      store.transact(() => {
        store.addNote(user, { title: 'First write', note: 'Never kept', date: '2026-11-24' });
        chatOf(store).send(user, channel, { message: 'Second write' });
        throw new Error('the handler fails halfway');
      }),
    ).toThrow('the handler fails halfway');

    expect(store.snapshot()).toEqual(before);
    expect(commits).toEqual([]);
    expect(heard).toEqual([]);
    // The store still works after the rollback, and the next note gets the id the failed one had.
    const note = store.transact(() => store.addNote(user, { title: 'Kept', note: 'After', date: '2026-11-24' }));
    expect(note.id).toBe(before.next_id.note);
    expect(commits).toHaveLength(1);
  });

  it('a change outside a transaction is refused before it happens', () => {
    const store = new Store(seedState({ users: 5, channels: 1 }));
    const user = store.firstUsers(1)[0]?.id ?? '';
    const before = store.listNotes(user);
    expect(() => store.addNote(user, { title: 'Loose', note: 'Write', date: '2026-11-24' })).toThrow(
      /changed outside a transaction/,
    );
    expect(store.listNotes(user)).toEqual(before);
  });

  it('hands persistence one batch per request, holding only the rows the request changed', async () => {
    const commits: Row[][] = [];
    const server = await startServer({
      store: { persistence: { commit: (rows) => commits.push(rows), replace: () => {} } },
    });
    try {
      const token = await server.login();
      const channel = (await server.client(token).GET('/api/v1/users/me/channels')).data?.data[0]?.id ?? '';
      commits.length = 0;
      const sent = await server.client(token).POST('/api/v1/channels/{id}/messages', {
        params: { path: { id: channel } },
        body: { message: 'One batch' },
      });
      expect(sent.response?.status).toBe(201);
      expect(commits).toHaveLength(1);
      const me = server.store.findUserByEmail('demo@cohort.test')?.id;
      expect(commits[0]?.map((r) => `${r.collection} ${r.key}`).sort()).toEqual(
        [`channel ${channel}`, `message ${channel}/${sent.data?.data.id}`, `read ${me}`].sort(),
      );
      // A read changes nothing: no batch at all.
      await server.client(token).GET('/api/v1/users/me/channels');
      expect(commits).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('--data on SQLite', () => {
  it('after writes in every area (many at once), the file holds exactly the state in memory', async () => {
    const file = join(dir, 'every-area.db');
    const persistence = SqliteStateFile.create(file);
    const server = await startServer({ seed: { users: 40, channels: 8 }, store: { persistence } });
    try {
      persistence.replace(server.store.snapshot());
      await writeInEveryArea(server.baseUrl);
      // Concurrent requests: each commits whole, none sees half of another.
      const token = await server.login();
      const me = server.store.findUserByEmail('demo@cohort.test')?.id ?? '';
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          server.client(token).POST('/api/v1/users/me/notes/store', {
            body: { title: `Concurrent ${i}`, note: 'At once', date: '2026-11-24' },
          }),
        ),
      );
      expect(server.store.listNotes(me).filter((n) => n.title.startsWith('Concurrent'))).toHaveLength(40);
      expect(readSqliteState(file)).toEqual(JSON.parse(JSON.stringify(server.store.snapshot())));
    } finally {
      await server.close();
      persistence.close();
    }
  });

  it('a write costs the rows it changed: one note adds one row and moves one counter', () => {
    const file = join(dir, 'cost.db');
    const persistence = SqliteStateFile.create(file);
    const store = new Store(seedState({ users: 30, channels: 4 }), { persistence });
    persistence.replace(store.snapshot());
    const commits: Row[][] = [];
    const spy = new Store(store.snapshot(), {
      persistence: {
        commit: (rows) => {
          commits.push(rows);
          persistence.commit(rows);
        },
        replace: (s) => persistence.replace(s),
      },
    });
    const user = spy.firstUsers(1)[0]?.id ?? '';
    spy.transact(() => spy.addNote(user, { title: 'Cheap', note: 'One row', date: '2026-11-24' }));
    expect(commits[0]?.map((r) => r.collection).sort()).toEqual(['counters', 'note']);
    expect(readSqliteState(file).notes.at(-1)).toMatchObject({ title: 'Cheap', user_id: user });
    persistence.close();
  });
});
