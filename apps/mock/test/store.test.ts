import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSqliteState } from '../src/persistence/open.ts';
import { SqliteStateFile } from '../src/persistence/state-file.ts';
import { seedState } from '../src/seed/index.ts';
import { DirectoryIndex } from '../src/store/directory-index.ts';
import type { ProfileSource } from '../src/store/item-source.ts';
import type { Row } from '../src/store/rows.ts';
import { cloneRow, ID_BLOCK, Store } from '../src/store/store.ts';
import { writeInEveryArea } from './areas/index.ts';
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
    const user = store.accounts.first(1)[0]?.id ?? '';
    const channel = store.channels.of(user)[0]?.id ?? '';
    const heard: unknown[] = [];
    store.events.on('live', (event) => heard.push(event));

    expect(() =>
      store.transact(() => {
        store.profile.addNote(user, { title: 'First write', note: 'Never kept', date: '2026-11-24' });
        store.chat.send(user, channel, { message: 'Second write' });
        throw new Error('the handler fails halfway');
      }),
    ).toThrow('the handler fails halfway');

    expect(store.snapshot()).toEqual(before);
    expect(commits).toEqual([]);
    expect(heard).toEqual([]);
    // The store still works after the rollback, and the next note gets the id the failed one had.
    const note = store.transact(() =>
      store.profile.addNote(user, { title: 'Kept', note: 'After', date: '2026-11-24' }),
    );
    expect(note.id).toBe(before.next_id.note);
    expect(commits).toHaveLength(1);
  });

  it('ids a failed transaction drew without changing a row are given again, each kind its own', () => {
    const store = new Store(seedState({ users: 10, channels: 3 }));
    const first = store.transact(() => ({ note: store.nextId('note'), club: store.nextId('club') }));
    expect(() =>
      store.transact(() => {
        store.nextId('note');
        store.nextId('club');
        store.nextId('note');
        throw new Error('the handler fails before it writes');
      }),
    ).toThrow('the handler fails before it writes');
    expect(store.transact(() => [store.nextId('note'), store.nextId('club')])).toEqual([
      first.note + 1,
      first.club + 1,
    ]);
  });

  it('a change outside a transaction is refused before it happens', () => {
    const store = new Store(seedState({ users: 5, channels: 1 }));
    const user = store.accounts.first(1)[0]?.id ?? '';
    const before = store.profile.listNotes(user);
    expect(() => store.profile.addNote(user, { title: 'Loose', note: 'Write', date: '2026-11-24' })).toThrow(
      /changed outside a transaction/,
    );
    expect(store.profile.listNotes(user)).toEqual(before);
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
      const me = server.store.accounts.findByEmail('demo@cohort.test')?.id;
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

describe('one id scheme', () => {
  it('numbers every kind from its counter; a state from before some counters existed continues past its ids', () => {
    const old = JSON.parse(JSON.stringify(seedState({ users: 60, channels: 3 })));
    for (const counter of ['report', 'event', 'saved_list', 'connection', 'channel_invite'])
      delete old.next_id[counter];
    old.chat.next_report_id = 41;
    old.chat.next_event_id = 7;
    const store = new Store(old);
    const me = store.accounts.first(1)[0]?.id ?? '';
    const stranger = store.accounts
      .all()
      .find((u) => u.id !== me && !u.friend_ids.includes(me) && !store.accounts.find(me)?.friend_ids.includes(u.id));
    const other = stranger?.id ?? '';
    const channel = store.channels.of(me)[0]?.id ?? '';
    const highestList = Math.max(...(old.social.saved_lists as { id: number }[]).map((l) => l.id));
    store.transact(() => {
      const message = store.chat.send(me, channel, { message: 'To report' });
      expect(
        store.chat.report(store.channels.get(channel)?.users.find((u) => u !== me) ?? me, message.id, 'spam', undefined)
          .id,
      ).toBe(41);
      expect(
        store.calendar.create(me, {
          title: 'Ids',
          all_day: true,
          start: '2026-12-01T00:00:00Z',
          end: '2026-12-01T00:00:00Z',
        }).id,
      ).toBe(7);
      expect(store.social.createSavedList(me, { name: 'Next', user_ids: [other] }).id).toBe(highestList + 1);
      expect(store.social.connect(me, other).connection.id).toBeGreaterThan(0);
    });
    const snapshot = store.snapshot();
    // The counters row holds a block reserved ahead: a state made from it goes on past every id given.
    expect(snapshot.next_id).toMatchObject({
      report: 41 + ID_BLOCK,
      event: 7 + ID_BLOCK,
      saved_list: highestList + 1 + ID_BLOCK,
    });
    expect(snapshot.chat).not.toHaveProperty('next_report_id');
  });

  it('writes the counters row once per block of ids, and a store made from what it wrote never gives an id twice', () => {
    const commits: Row[][] = [];
    const store = new Store(seedState({ users: 3, channels: 1 }), {
      persistence: { commit: (rows) => commits.push(structuredClone(rows)), replace: () => {} },
    });
    const me = store.accounts.first(1)[0]?.id ?? '';
    const first = store.snapshot().next_id.note;
    const add = (s: Store) =>
      s.transact(() => s.profile.addNote(me, { title: 'Block', note: 'Numbered', date: '2026-11-28' })).id;
    const ids = Array.from({ length: ID_BLOCK + 1 }, () => add(store));
    expect(ids).toEqual(Array.from({ length: ID_BLOCK + 1 }, (_, i) => first + i));
    const counterWrites = commits.filter((rows) => rows.some((row) => row.collection === 'counters'));
    // The first note reserves [first, first + ID_BLOCK); the one after the block reserves the next.
    expect(counterWrites.map((rows) => rows.find((row) => row.collection === 'counters')?.value)).toEqual([
      expect.objectContaining({ note: first + ID_BLOCK }),
      expect.objectContaining({ note: first + 2 * ID_BLOCK }),
    ]);
    expect(commits).toHaveLength(ID_BLOCK + 1);
    // A restart reads the rows as committed: its ids start past the reserved block.
    const restarted = new Store(structuredClone(store.snapshot()));
    expect(add(restarted)).toBe(first + 2 * ID_BLOCK);
  });

  it('a refused note takes no id (the limit is checked before an id is drawn)', () => {
    const store = new Store(seedState({ users: 3, channels: 1 }));
    const me = store.accounts.first(1)[0]?.id ?? '';
    store.transact(() => {
      for (let i = store.profile.listNotes(me).length; i < 1000; i++) {
        store.profile.addNote(me, { title: `Note ${i}`, note: 'Filling', date: '2026-01-01' });
      }
    });
    const next = store.snapshot().next_id.note;
    expect(() =>
      store.transact(() => store.profile.addNote(me, { title: 'One more', note: 'Refused', date: '2026-01-01' })),
    ).toThrow(/at most 1,000 notes/);
    expect(store.snapshot().next_id.note).toBe(next);
  });
});

describe('--data on SQLite', () => {
  it('after writes in every area (many at once), the file holds exactly the state in memory', async () => {
    const file = join(dir, 'every-area.db');
    const persistence = SqliteStateFile.create(file);
    const server = await startServer({
      seed: { users: 40, channels: 8 },
      store: { persistence },
      options: { authLimits: { registerPerAddress: 100 } },
    });
    try {
      persistence.replace(server.store.snapshot());
      await writeInEveryArea(server.baseUrl);
      // Concurrent requests: each commits whole, none sees half of another.
      const token = await server.login();
      const me = server.store.accounts.findByEmail('demo@cohort.test')?.id ?? '';
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          server.client(token).POST('/api/v1/users/me/notes/store', {
            body: { title: `Concurrent ${i}`, note: 'At once', date: '2026-11-24' },
          }),
        ),
      );
      expect(server.store.profile.listNotes(me).filter((n) => n.title.startsWith('Concurrent'))).toHaveLength(40);
      expect(readSqliteState(file)).toEqual(JSON.parse(JSON.stringify(server.store.snapshot())));
    } finally {
      await server.close();
      persistence.close();
    }
  });

  it('a write costs the rows it changed: one note adds one row (the first of a block also moves the counter)', () => {
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
    const user = spy.accounts.first(1)[0]?.id ?? '';
    spy.transact(() => spy.profile.addNote(user, { title: 'Cheap', note: 'One row', date: '2026-11-24' }));
    spy.transact(() => spy.profile.addNote(user, { title: 'Cheaper', note: 'One row', date: '2026-11-24' }));
    expect(commits.map((rows) => rows.map((r) => r.collection).sort())).toEqual([['counters', 'note'], ['note']]);
    expect(readSqliteState(file).notes.slice(-2)).toMatchObject([
      { title: 'Cheap', user_id: user },
      { title: 'Cheaper', user_id: user },
    ]);
    persistence.close();
  });
});

describe('profile items read from the file per user (how the mock runs with --data)', () => {
  const lazyStore = (name: string, users = 30, source = (items: ProfileSource) => items) => {
    const file = join(dir, name);
    const persistence = SqliteStateFile.create(file);
    const seeded = seedState({ users, channels: 4 });
    persistence.replace(seeded);
    const empty = { notes: [], clubs: [], interests: [], directions: [], experiences: [] };
    const store = new Store(
      { ...seedState({ users, channels: 4 }), ...empty },
      {
        persistence,
        items: source(persistence.items),
      },
    );
    return { file, persistence, store, memory: new Store(seeded) };
  };

  it('records a new item without looking it up in the file; a failed write that added one leaves no trace', () => {
    const looked: number[] = [];
    const { file, persistence, store } = lazyStore('lazy-new.db', 30, (items) => ({
      ...items,
      note: {
        ...items.note,
        ownerOf: (id) => {
          looked.push(id);
          return items.note.ownerOf(id);
        },
      },
    }));
    try {
      const me = store.accounts.first(1)[0]?.id ?? '';
      const input = { note: 'Written', date: '2026-11-29' };
      const note = store.transact(() => store.profile.addNote(me, { title: 'New', ...input }));
      // Its id was just issued: nothing in the file to read before it (a lookup per write, before).
      expect(looked).toEqual([]);
      expect(() =>
        store.transact(() => {
          store.profile.addNote(me, { title: 'Dropped', ...input });
          throw new Error('the handler failed');
        }),
      ).toThrow('the handler failed');
      expect(store.profile.listNotes(me).map((n) => n.title)).toContain('New');
      expect(store.profile.listNotes(me).map((n) => n.title)).not.toContain('Dropped');
      const inFile = readSqliteState(file).notes.filter((n) => n.user_id === me);
      expect(inFile.find((n) => n.id === note.id)).toMatchObject({ title: 'New' });
      expect(inFile.some((n) => n.title === 'Dropped')).toBe(false);
    } finally {
      persistence.close();
    }
  });

  it('warms the directory up from the file a slice at a time; what changes meanwhile is found', () => {
    const { persistence, store, memory } = lazyStore('warm.db');
    try {
      const queue: (() => void)[] = [];
      // Names 4 items of each kind a step, sorts and merges 4 users a step, then files 2 a step.
      store.directory.warm((step) => queue.push(step), 2);
      const me = store.accounts.first(1)[0]?.id ?? '';
      queue.shift()?.();
      store.transact(() => store.profile.addClub(me, { name: 'Warm-up Rowing Club', position: 'Member' }));
      let steps = 1;
      for (; queue.length > 0; steps++) queue.shift()?.();
      const items = memory.profile.clubs.all().length + memory.profile.interests.all().length;
      expect(steps).toBeGreaterThanOrEqual(Math.ceil(items / 8) + 2 * Math.ceil(30 / 4) + 30 / 2);
      expect(store.directory.search({ club: ['Warm-up Rowing Club'] })).toEqual([me]);
      const club = memory.profile.clubs.all()[3]?.name ?? '';
      const interest = memory.profile.interests.all()[5]?.name ?? '';
      for (const filters of [{ club: [club] }, { interest: [interest] }, { q: 'an' }]) {
        expect(store.directory.search(filters)).toEqual(new DirectoryIndex(store).search(filters));
      }
    } finally {
      persistence.close();
    }
  });

  it('answers as the store holding everything does, and keeps each write in the file', () => {
    const { file, persistence, store, memory } = lazyStore('lazy.db');
    try {
      const users = store.accounts.first(30).map((u) => u.id);
      for (const id of users) {
        expect(store.profile.listNotes(id)).toEqual(memory.profile.listNotes(id));
        expect(store.profile.listClubs(id)).toEqual(memory.profile.listClubs(id));
        expect(store.profile.listInterests(id)).toEqual(memory.profile.listInterests(id));
        expect(store.profile.listDirections(id)).toEqual(memory.profile.listDirections(id));
        expect(store.profile.listExperiences(id)).toEqual(memory.profile.listExperiences(id));
      }
      const [me = '', other = ''] = users;
      const note = store.transact(() => store.profile.addNote(me, { title: 'Lazy', note: 'Kept', date: '2026-11-24' }));
      const theirs = memory.profile.listClubs(other)[0];
      // Someone else's item, found by id before its owner's list was read: 403, not 404.
      const fresh = lazyStore('lazy-by-id.db');
      const cold = fresh.store;
      if (theirs) expect(() => cold.transact(() => cold.profile.detachClub(me, theirs.id))).toThrow(/not yours/);
      fresh.persistence.close();
      expect(() => store.transact(() => store.profile.deleteNote(me, 999_999))).toThrow(/No note with id 999999/);
      expect(readSqliteState(file).notes.find((n) => n.id === note.id)).toMatchObject({ title: 'Lazy', user_id: me });
      store.transact(() => store.profile.deleteNote(me, note.id));
      expect(readSqliteState(file).notes.find((n) => n.id === note.id)).toBeUndefined();
      expect(store.snapshot().notes).toEqual(readSqliteState(file).notes);
    } finally {
      persistence.close();
    }
  });

  it('a reset puts the seed in the file and reads the items from there again', () => {
    const { file, persistence, store, memory } = lazyStore('lazy-reset.db');
    try {
      const me = store.accounts.first(1)[0]?.id ?? '';
      store.transact(() => store.profile.addNote(me, { title: 'Before the reset', note: 'Gone', date: '2026-11-24' }));
      store.reset(seedState({ users: 30, channels: 4 }));
      expect(store.profile.listNotes(me)).toEqual(memory.profile.listNotes(me));
      expect(readSqliteState(file).notes).toEqual(memory.snapshot().notes);
    } finally {
      persistence.close();
    }
  });

  it('a transaction that throws leaves the items as the file has them', () => {
    const { persistence, store } = lazyStore('lazy-rollback.db');
    try {
      const me = store.accounts.first(1)[0]?.id ?? '';
      const before = store.profile.listNotes(me);
      expect(() =>
        store.transact(() => {
          store.profile.addNote(me, { title: 'Never kept', note: 'Rolled back', date: '2026-11-24' });
          store.profile.addClub(me, { name: 'Chess', position: 'Member' });
          throw new Error('the handler fails halfway');
        }),
      ).toThrow('the handler fails halfway');
      expect(store.profile.listNotes(me)).toEqual(before);
      expect(store.profile.listClubs(me).some((c) => c.name === 'Chess')).toBe(false);
    } finally {
      persistence.close();
    }
  });
});

/** What each call of `area.warm` answers from now on (true once all is in), in order. */
function warmSteps(area: { warm(count: number): boolean }): boolean[] {
  const steps: boolean[] = [];
  const warm = area.warm.bind(area);
  area.warm = (count) => {
    const done = warm(count);
    steps.push(done);
    return done;
  };
  return steps;
}

describe('profile items held in memory (without --data)', () => {
  it('are indexed between requests a slice at a time, then the directory; reads, writes and searches meanwhile are whole', () => {
    const state = seedState({ users: 40, channels: 2 });
    const sizes = [state.notes, state.clubs, state.interests, state.directions, state.experiences].map((l) => l.length);
    const eager = new Store(seedState({ users: 40, channels: 2 }));
    // Left alone, the warm-up takes a step per 10 items of a kind (slice 1), then the directory's.
    const alone = new Store(seedState({ users: 40, channels: 2 }));
    const queue: (() => void)[] = [];
    const itemSteps = warmSteps(alone.profile);
    alone.warm((step) => queue.push(step), 1);
    while (queue.length > 0) queue.shift()?.();
    // The biggest kind alone takes its size / 10 steps; the directory starts after the last.
    expect(itemSteps.length).toBeGreaterThanOrEqual(Math.ceil(Math.max(...sizes) / 10));
    expect(itemSteps.indexOf(true)).toBe(itemSteps.length - 1);
    expect(alone.directory.search({ q: 'an' })).toEqual(new DirectoryIndex(alone).search({ q: 'an' }));
    // Part way through the items: a read, a write and a search see every item.
    const store = new Store(state);
    store.warm((step) => queue.push(step), 1);
    for (let step = 0; queue.length > 0 && step < 3; step++) queue.shift()?.();
    const me = store.accounts.first(1)[0]?.id ?? '';
    expect(store.profile.listClubs(me)).toEqual(eager.profile.listClubs(me));
    store.transact(() => store.profile.addClub(me, { name: 'Warm-up Sailing Club', position: 'Member' }));
    expect(store.directory.search({ club: ['Warm-up Sailing Club'] })).toEqual([me]);
    while (queue.length > 0) queue.shift()?.();
    for (const user of store.accounts.first(40)) {
      expect(store.profile.listNotes(user.id)).toEqual(eager.profile.listNotes(user.id));
      expect(store.profile.listInterests(user.id)).toEqual(eager.profile.listInterests(user.id));
      expect(store.profile.listExperiences(user.id)).toEqual(eager.profile.listExperiences(user.id));
    }
    for (const filters of [{ q: 'an' }, { interest: [state.interests[3]?.name ?? ''] }]) {
      expect(store.directory.search(filters)).toEqual(new DirectoryIndex(store).search(filters));
    }
  });
});

describe("the users' e-mail index", () => {
  it('is filled between requests a slice at a time; a sign-in, a sign-up or a removal meanwhile sees every user', () => {
    const state = seedState({ users: 40, channels: 2 });
    const emails = state.users.map((user) => user.email);
    // Left alone: a step per 10 users (slice 1), before the items' first.
    const alone = new Store(seedState({ users: 40, channels: 2 }));
    const queue: (() => void)[] = [];
    const steps = warmSteps(alone.accounts);
    alone.warm((step) => queue.push(step), 1);
    while (queue.length > 0) queue.shift()?.();
    expect(steps.filter((done) => !done)).toHaveLength(Math.ceil(emails.length / 10) - 1);
    for (const email of emails) expect(alone.accounts.findByEmail(email.toUpperCase())?.email).toBe(email);
    // Part way: the last user signs in, a taken e-mail is refused, a new one is taken, a user goes.
    const store = new Store(state);
    store.warm((step) => queue.push(step), 1);
    queue.shift()?.();
    const last = emails.at(-1) ?? '';
    expect(store.accounts.findByEmail(last)?.email).toBe(last);
    const input = { university_name: 'Stanford University', password_hash: 'x', graduation_year: 2026 };
    expect(() => store.transact(() => store.accounts.create({ ...input, email: last }))).toThrow(/already been taken/);
    const added = store.transact(() => store.accounts.create({ ...input, email: 'New.Person@cohort.test' }));
    expect(store.accounts.findByEmail('new.person@cohort.test')?.id).toBe(added.id);
    const gone = store.accounts.findByEmail(emails[5] ?? '');
    store.transact(() => store.accounts.remove(gone?.id ?? ''));
    expect(store.accounts.findByEmail(emails[5] ?? '')).toBeUndefined();
    while (queue.length > 0) queue.shift()?.();
    for (const email of emails.filter((_, i) => i !== 5)) expect(store.accounts.findByEmail(email)?.email).toBe(email);
    expect(store.accounts.findByEmail('new.person@cohort.test')?.id).toBe(added.id);
  });
});

describe('cloneRow (the copy a rollback restores)', () => {
  it('copies plain rows deeply: changing the row afterwards leaves the copy as it was', () => {
    const row = { id: 1, tags: ['a', { deep: true }], meta: { at: '2026-11-25', n: null }, gone: undefined };
    const copy = cloneRow(row);
    expect(copy).toEqual(row);
    row.tags.push('b');
    (row.tags[1] as { deep: boolean }).deep = false;
    row.meta.at = 'changed';
    expect(copy).toEqual({ id: 1, tags: ['a', { deep: true }], meta: { at: '2026-11-25', n: null }, gone: undefined });
    expect(Object.hasOwn(copy, 'gone')).toBe(true);
  });

  it('keeps a __proto__ key as data, and copies what is not a plain object as structuredClone does', () => {
    const hostile = JSON.parse('{"__proto__": {"admin": true}, "name": "x"}') as Record<string, unknown>;
    const copy = cloneRow(hostile);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect((copy as { admin?: boolean }).admin).toBeUndefined();
    const bare = Object.assign(Object.create(null) as Record<string, number>, { a: 1 });
    expect(Object.getPrototypeOf(cloneRow(bare))).toBe(Object.getPrototypeOf(structuredClone(bare)));
    const date = new Date('2026-11-25T00:00:00Z');
    expect(cloneRow({ when: date }).when).toEqual(date);
    expect(cloneRow({ when: date }).when).not.toBe(date);
    for (const value of [undefined, null, 0, 'text', true]) expect(cloneRow(value)).toBe(value);
  });
});

describe('the cached notes list', () => {
  it('is the same frozen list until a note changes, then the new one (also after a rollback)', () => {
    const store = new Store(seedState({ users: 10, channels: 3 }));
    const user = store.accounts.first(1)[0]?.id ?? '';
    const first = store.profile.listNotes(user);
    expect(store.profile.listNotes(user)).toBe(first);
    expect(Object.isFrozen(first) && first.every(Object.isFrozen)).toBe(true);
    const note = store.transact(() =>
      store.profile.addNote(user, { title: 'Newest', note: 'Listed first', date: '2099-01-01' }),
    );
    expect(store.profile.listNotes(user)[0]).toEqual({ ...note });
    store.transact(() => store.profile.deleteNote(user, note.id));
    expect(store.profile.listNotes(user)).toEqual(first);
    expect(() =>
      store.transact(() => {
        store.profile.addNote(user, { title: 'Rolled back', note: 'Never kept', date: '2099-01-01' });
        expect(store.profile.listNotes(user)).toHaveLength(first.length + 1);
        throw new Error('fails after reading the list');
      }),
    ).toThrow('fails after reading the list');
    expect(store.profile.listNotes(user)).toEqual(first);
  });
});
