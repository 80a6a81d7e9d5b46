import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSqliteState } from '../src/persistence/open.ts';
import { SqliteStateFile } from '../src/persistence/state-file.ts';
import { seedState } from '../src/seed/index.ts';
import type { Row } from '../src/store/rows.ts';
import { type Persistence, Store } from '../src/store/store.ts';
import { startServer } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A store whose commits wait for `write()` (the turn of the event loop ending), into `persistence`. */
function batched(persistence: Persistence, items?: SqliteStateFile) {
  const waiting: (() => void)[] = [];
  const seeded = seedState({ users: 10, channels: 3 });
  // With the items read from the file, the file holds the seed and the store starts without them.
  items?.replace(seeded);
  const none = { notes: [], clubs: [], interests: [], directions: [], experiences: [] };
  const store = new Store(items ? { ...seeded, ...none } : seeded, {
    persistence,
    batchCommits: (write) => waiting.push(write),
    ...(items ? { items: items.items } : {}),
  });
  const user = store.accounts.first(1)[0]?.id ?? '';
  const channel = store.channels.of(user)[0]?.id ?? '';
  const note = (title: string) =>
    store.transact(() => store.profile.addNote(user, { title, note: 'N', date: '2026-12-06' }));
  const write = () => {
    for (const run of waiting.splice(0)) run();
  };
  return { store, user, channel, note, write, waiting };
}

const titles = (rows: Row[]) =>
  rows.filter((row) => row.collection === 'note').map((row) => (row.value as { title: string }).title);

describe('group commit (--data): the commits of one turn of the event loop are written together', () => {
  it('three transactions reach persistence as one commit, once the turn ends; what waits on it settles then', async () => {
    const commits: Row[][] = [];
    const { store, note, write, waiting, user, channel } = batched({
      commit: (rows) => commits.push(structuredClone(rows)),
      replace: () => {},
    });
    note('First');
    store.transact(() => store.chat.send(user, channel, { message: 'Between the notes' }));
    note('Second');
    expect(commits).toEqual([]);
    expect(waiting).toHaveLength(1);
    const written = store.written;
    let settled = false;
    void written?.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);

    write();
    await written;
    expect(settled).toBe(true);
    expect(commits).toHaveLength(1);
    expect(titles(commits[0] ?? [])).toEqual(['First', 'Second']);
    expect(commits[0]?.some((row) => row.collection === 'message')).toBe(true);
    expect(store.written).toBeUndefined();
    // The next turn opens a batch of its own.
    note('Third');
    expect(waiting).toHaveLength(1);
  });

  it('a batch that cannot be written is undone whole: every change of its requests, and the ids they took are given again', async () => {
    let full = true;
    const commits: Row[][] = [];
    const { store, note, write, user, channel } = batched({
      commit: (rows) => {
        if (full) throw new Error('disk full');
        commits.push(rows);
      },
      replace: () => {},
    });
    const before = structuredClone(store.snapshot());
    note('Lost');
    store.transact(() => store.chat.send(user, channel, { message: 'Lost too' }));
    note('Lost as well');
    const written = store.written;

    write();
    await expect(written).rejects.toThrow('disk full');
    expect(store.snapshot()).toEqual(before);
    full = false;
    const kept = note('Kept');
    expect(kept.id).toBe(before.next_id.note);
    write();
    expect(titles(commits.flat())).toEqual(['Kept']);
  });

  it('a stream hears of a message once the batch holding it is written, before the answers; never if it cannot be', async () => {
    let full = false;
    const { store, write, user, channel } = batched({
      commit: () => {
        if (full) throw new Error('disk full');
      },
      replace: () => {},
    });
    const heard: string[] = [];
    store.events.on('live', () => heard.push('event'));
    store.transact(() => store.chat.send(user, channel, { message: 'Kept' }));
    const answered = store.written?.then(() => heard.push('answer'));
    expect(heard).toEqual([]);
    write();
    await answered;
    expect(heard).toEqual(['event', 'answer']);

    full = true;
    heard.length = 0;
    store.transact(() => store.chat.send(user, channel, { message: 'Lost' }));
    const lost = store.written;
    write();
    await expect(lost).rejects.toThrow('disk full');
    await Promise.resolve();
    expect(heard).toEqual([]);
  });

  it('a failed request that changed a waiting row in place leaves the batch writing the row as the batch left it', () => {
    const commits: Row[][] = [];
    const { store, write, user } = batched({
      commit: (rows) => commits.push(structuredClone(rows)),
      replace: () => {},
    });
    store.transact(() => store.accounts.update(user, { description: 'Kept' }));
    expect(() =>
      store.transact(() => {
        store.accounts.update(user, { description: 'Never kept' });
        throw new Error('the handler fails halfway');
      }),
    ).toThrow('the handler fails halfway');
    write();
    // The last value each row is written with is what the file keeps.
    const last = new Map(commits.flat().map((row) => [`${row.collection}/${row.key}`, row.value]));
    expect(last.get(`user/${user}`)).toMatchObject({ description: 'Kept' });
    expect(store.accounts.find(user)).toMatchObject({ description: 'Kept' });
  });

  it('without a batch waiting there is nothing to wait for; a change outside a batch still commits on its own', () => {
    const commits: Row[][] = [];
    const store = new Store(seedState({ users: 5, channels: 1 }), {
      persistence: { commit: (rows) => commits.push(rows), replace: () => {} },
    });
    expect(store.written).toBeUndefined();
    const user = store.accounts.first(1)[0]?.id ?? '';
    store.transact(() => store.profile.addNote(user, { title: 'At once', note: 'N', date: '2026-12-06' }));
    expect(titles(commits.flat())).toEqual(['At once']);
    expect(store.written).toBeUndefined();
  });
});

describe('group commit with the items read from the file (how the mock runs with --data)', () => {
  const file = (name: string) => {
    const path = join(dir, name);
    const persistence = SqliteStateFile.create(path);
    return { path, persistence };
  };

  it('a read of the file while a batch waits writes the batch first, so it never misses a change', () => {
    const { path, persistence } = file('read-first.db');
    const { store, note } = batched(persistence, persistence);
    note('Waiting');
    expect(readSqliteState(path).notes.map((n) => n.title)).not.toContain('Waiting');
    // A snapshot reads every item from the file.
    expect(store.snapshot().notes.map((n) => n.title)).toContain('Waiting');
    expect(readSqliteState(path).notes.map((n) => n.title)).toContain('Waiting');
    expect(store.written).toBeUndefined();
    persistence.close();
  });

  it("a failed request after a waiting batch undoes only itself: the batch's notes stay, in memory and in the file", () => {
    const { path, persistence } = file('rollback-after-batch.db');
    const { store, note, user } = batched(persistence, persistence);
    note('Kept before the failure');
    expect(() =>
      store.transact(() => {
        store.profile.addNote(user, { title: 'Never kept', note: 'N', date: '2026-12-06' });
        throw new Error('the handler fails halfway');
      }),
    ).toThrow('the handler fails halfway');
    const inMemory = store.profile.listNotes(user).map((n) => n.title);
    expect(inMemory).toContain('Kept before the failure');
    expect(inMemory).not.toContain('Never kept');
    const onDisk = readSqliteState(path).notes.map((n) => n.title);
    expect(onDisk).toContain('Kept before the failure');
    expect(onDisk).not.toContain('Never kept');
    persistence.close();
  });

  it('a batch that fails while a later request reads the file undoes that request, then the batch', async () => {
    const { persistence } = file('read-fails.db');
    let full = false;
    const failing: Persistence = {
      commit: (rows) => {
        if (full) throw new Error('disk full');
        persistence.commit(rows);
      },
      replace: (state) => persistence.replace(state),
    };
    const { store, note, user } = batched(failing, persistence);
    const before = structuredClone(store.snapshot());
    full = true;
    note('Lost in the batch');
    const written = store.written;
    expect(() =>
      store.transact(() => {
        store.profile.addNote(user, { title: 'Lost with it', note: 'N', date: '2026-12-06' });
        // Reads every item from the file: the batch must be written first, and cannot be.
        return store.snapshot();
      }),
    ).toThrow('disk full');
    await expect(written).rejects.toThrow('disk full');
    full = false;
    expect(store.snapshot()).toEqual(before);
    persistence.close();
  });
});

describe('group commit over HTTP', () => {
  it('40 notes at once: fewer commits than writes, every answer 201 and every note in the file', async () => {
    const path = join(dir, 'http.db');
    const persistence = SqliteStateFile.create(path);
    let commits = 0;
    const server = await startServer({
      seed: { users: 20, channels: 4 },
      store: {
        persistence: {
          commit: (rows) => {
            commits++;
            persistence.commit(rows);
          },
          replace: (state) => persistence.replace(state),
        },
        batchCommits: setImmediate,
      },
    });
    try {
      persistence.replace(server.store.snapshot());
      const token = await server.login();
      commits = 0;
      // Forty connections, then forty requests written in one go: they reach the server in one turn.
      const sockets = await Promise.all(
        Array.from(
          { length: 40 },
          () =>
            new Promise<Socket>((resolve) => {
              const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1', () => resolve(socket));
            }),
        ),
      );
      // Until the server has accepted them all, a request may be read in a turn of its own.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const statuses = sockets.map(
        (socket) =>
          new Promise<number>((resolve) => {
            let text = '';
            socket.on('data', (chunk) => {
              text += chunk;
            });
            socket.on('end', () => resolve(Number(text.split(' ')[1])));
          }),
      );
      sockets.forEach((socket, i) => {
        const body = JSON.stringify({ title: `Together ${i}`, note: 'At once', date: '2026-12-06' });
        socket.end(
          `POST /api/v1/users/me/notes/store HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      });
      expect(await Promise.all(statuses)).toEqual(Array(40).fill(201));
      expect(commits).toBeGreaterThan(0);
      expect(commits).toBeLessThan(10);
      const onDisk = readSqliteState(path).notes.filter((n) => n.title.startsWith('Together'));
      expect(onDisk).toHaveLength(40);
    } finally {
      await server.close();
      persistence.close();
    }
  });

  it('when the batch cannot be written, each of its requests is answered 500 and none of its notes is kept', async () => {
    let full = false;
    const bugs: unknown[] = [];
    const server = await startServer({
      seed: { users: 20, channels: 4 },
      store: {
        persistence: {
          commit: () => {
            if (full) throw new Error('disk full');
          },
          replace: () => {},
        },
        batchCommits: setImmediate,
      },
      options: { onBug: (error) => bugs.push(error) },
    });
    try {
      const token = await server.login();
      const me = server.store.accounts.findByEmail('demo@cohort.test')?.id ?? '';
      const before = server.store.profile.listNotes(me).length;
      full = true;
      const statuses = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const response = await fetch(`${server.baseUrl}/api/v1/users/me/notes/store`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ title: `Unkept ${i}`, note: 'Disk full', date: '2026-12-06' }),
          });
          return response.status;
        }),
      );
      expect(statuses).toEqual(Array(10).fill(500));
      expect(bugs.length).toBeGreaterThan(0);
      expect(server.store.profile.listNotes(me)).toHaveLength(before);
    } finally {
      await server.close();
    }
  });
});
