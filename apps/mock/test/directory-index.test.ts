import { describe, expect, it } from 'vitest';
import { seedState } from '../src/seed/index.ts';
import { DirectoryIndex, type SearchFilters } from '../src/store/directory-index.ts';
import { Store } from '../src/store/store.ts';

/** Searches that touch every kind of posting list: names, years, values, clubs, interests, keywords. */
function probes(store: Store): SearchFilters[] {
  const users = store.accounts.all();
  const some = users[7];
  const club = store.profile.clubs.all()[3]?.name;
  const interest = store.profile.interests.all()[5]?.name;
  return [
    {},
    { q: 'an' },
    { q: 'zeta' },
    { q: 'new person' },
    { q: some?.last_name ?? 'a' },
    { class_of: [2027, some?.graduation_year ?? 2020] },
    { university: ['Stanford University'], q: 'a' },
    { company: [some?.company ?? 'Google'] },
    { major: [some?.major ?? 'Finance'], industry: [some?.industry ?? 'Finance'] },
    { club: [club ?? 'x'] },
    { interest: [interest ?? 'x'], q: 'e' },
  ];
}

/** The private index the store's directory keeps (to tell an update in place from a rebuild). */
const indexOf = (store: Store) => (store.directory as unknown as { index?: DirectoryIndex }).index;

/** Every probe answers what an index built from scratch answers, and the store's index is still `kept`. */
function expectLikeAFreshBuild(store: Store, kept: DirectoryIndex | undefined) {
  for (const filters of probes(store)) {
    const found = store.directory.search(filters);
    expect(found, JSON.stringify(filters)).toEqual(new DirectoryIndex(store).search(filters));
  }
  expect(indexOf(store)).toBe(kept);
}

/**
 * The steps a warm-up takes to gather the club and interest names held in memory, `limit` owners'
 * lists a call: one more call than the full calls of each kind, the interests starting in the step
 * the clubs end.
 */
function gatherSteps(store: Store, limit: number): number {
  const owners = (items: { all(): { user_id: string }[] }) => new Set(items.all().map((i) => i.user_id)).size;
  return Math.floor(owners(store.profile.clubs) / limit) + Math.floor(owners(store.profile.interests) / limit) + 1;
}

describe('the directory index', () => {
  it('takes new, removed and renamed users in place, in result order, as a rebuild would find them', () => {
    const store = new Store(seedState({ users: 400, channels: 4 }));
    store.directory.search({ q: 'a' });
    const index = indexOf(store);
    expect(index).toBeDefined();

    // New users: first, last and somewhere in the middle of the result order.
    const made = store.transact(() =>
      ['Aaronson', 'Zzyzx', 'Miller', 'Person'].map((last, i) =>
        store.accounts.create({
          email: `new.${i}@stanford.edu`,
          password_hash: 'x',
          university_name: 'Stanford University',
          graduation_year: 2027,
          first_name: i === 3 ? 'New' : 'Zeta',
          last_name: last,
        }),
      ),
    );
    expectLikeAFreshBuild(store, index);
    expect(store.directory.search({ q: 'zeta' })).toEqual(
      made
        .filter((u) => u.first_name === 'Zeta')
        .map((u) => u.id)
        .sort((a, b) => {
          const key = (id: string) => store.accounts.find(id)?.last_name ?? '';
          return key(a).localeCompare(key(b));
        }),
    );

    // A club for a new user, a rename that moves someone, a profile edit in place.
    const someone = store.accounts.all()[11];
    const other = store.accounts.all()[200];
    if (!someone || !other) throw new Error('seed too small');
    store.transact(() => {
      store.profile.addClub(made[1]?.id ?? '', { name: 'Rowing Club', position: 'Member' });
      store.accounts.update(someone.id, { last_name: 'Aaaardvark' });
      store.accounts.update(other.id, { description: 'Zeta particle enthusiast' });
    });
    expectLikeAFreshBuild(store, index);
    expect(store.directory.search({ club: ['Rowing Club'] })).toContain(made[1]?.id);
    expect(store.directory.search({})[0]).toBe(someone.id);

    // Removed users: the first in order, a new one, one from the middle.
    const middle = store.accounts.all()[150];
    store.transact(() => {
      store.accounts.remove(someone.id);
      store.accounts.remove(made[2]?.id ?? '');
      if (middle) store.accounts.remove(middle.id);
    });
    expectLikeAFreshBuild(store, index);
    expect(store.directory.search({})).not.toContain(someone.id);
    expect(store.directory.search({}).length).toBe(store.accounts.all().length);
  });

  it('rebuilds when more users moved at once than moving each is worth', () => {
    const store = new Store(seedState({ users: 300, channels: 2 }));
    store.directory.search({});
    const index = indexOf(store);
    store.transact(() => {
      for (let i = 0; i < 51; i++) {
        store.accounts.create({
          email: `bulk.${i}@stanford.edu`,
          password_hash: 'x',
          university_name: 'Stanford University',
          graduation_year: 2026,
          last_name: `Bulk${i}`,
        });
      }
    });
    expect(store.directory.search({ q: 'bulk40' })).toHaveLength(1);
    expect(indexOf(store)).not.toBe(index);
    expectLikeAFreshBuild(store, indexOf(store));
  });

  it('warms up a slice at a time between other work, and a search or a change before the end is safe', () => {
    const queue: (() => void)[] = [];
    const schedule = (step: () => void) => queue.push(step);
    const runAll = () => {
      let steps = 0;
      while (queue.length > 0) {
        queue.shift()?.();
        steps++;
      }
      return steps;
    };

    // Left alone, it gathers the names (held in memory here: 100 owners' lists a step), sorts the
    // users (three runs of two slices, a step each, merged 100 a step), then files 50 users per
    // step until the index is whole; a search then uses it as it is.
    const store = new Store(seedState({ users: 300, channels: 2 }));
    store.directory.warm(schedule, 50);
    expect(indexOf(store)).toBeUndefined();
    expect(runAll()).toBe(gatherSteps(store, 100) + 3 + 3 + 300 / 50);
    const warmed = indexOf(store);
    expect(warmed).toBeDefined();
    expectLikeAFreshBuild(store, warmed);

    // A search halfway finishes it there and then; the steps still queued do nothing.
    const early = new Store(seedState({ users: 300, channels: 2 }));
    early.directory.warm(schedule, 50);
    queue.shift()?.();
    expect(indexOf(early)).toBeUndefined();
    expect(early.directory.search({ q: 'an' })).toEqual(new DirectoryIndex(early).search({ q: 'an' }));
    const finished = indexOf(early);
    expect(runAll()).toBe(1);
    expect(indexOf(early)).toBe(finished);
    expectLikeAFreshBuild(early, finished);

    // A new user halfway: the build goes on, and the next search catches up on them in place.
    const changed = new Store(seedState({ users: 300, channels: 2 }));
    changed.directory.warm(schedule, 50);
    for (let step = 0; step < gatherSteps(changed, 100) + 3 + 3 + 1; step++) queue.shift()?.();
    const added = changed.transact(() =>
      changed.accounts.create({
        email: 'late@stanford.edu',
        password_hash: 'x',
        university_name: 'Stanford University',
        graduation_year: 2027,
        first_name: 'Latecomer',
        last_name: 'Aaa',
      }),
    );
    expect(runAll()).toBe(300 / 50 - 1);
    const built = indexOf(changed);
    expect(built).toBeDefined();
    expect(changed.directory.search({ q: 'latecomer' })).toEqual([added.id]);
    expect(indexOf(changed)).toBe(built);
    expectLikeAFreshBuild(changed, built);
  });

  it('sorts a large directory in runs a step each, then merges them a step at a time; a change or a search meanwhile is safe', () => {
    const queue: (() => void)[] = [];
    const schedule = (step: () => void) => queue.push(step);
    const runAll = () => {
      let steps = 0;
      for (; queue.length > 0; steps++) queue.shift()?.();
      return steps;
    };
    // 10 users a slice: the names of 20 owners a step, runs of 20 users, fifteen of them sorted a
    // step each, merged 20 a step (fifteen steps), then 30 steps of filing. No step sorts, merges
    // or files more than 20 users.
    const store = new Store(seedState({ users: 300, channels: 2 }));
    store.directory.warm(schedule, 10);
    expect(runAll()).toBe(gatherSteps(store, 20) + 15 + 15 + 300 / 10);
    expectLikeAFreshBuild(store, indexOf(store));

    // A user renamed to sort first while the runs are being merged: caught up on in place.
    const changed = new Store(seedState({ users: 300, channels: 2 }));
    changed.directory.warm(schedule, 10);
    for (let step = 0; step < gatherSteps(changed, 20) + 15 + 3; step++) queue.shift()?.();
    const someone = changed.accounts.first(200)[150]?.id ?? '';
    changed.transact(() => changed.accounts.update(someone, { last_name: 'Aaaaron' }));
    runAll();
    const built = indexOf(changed);
    expect(changed.directory.search({ q: 'aaaaron' })).toEqual([someone]);
    expect(changed.directory.search({})[0]).toBe(someone);
    expect(indexOf(changed)).toBe(built);
    expectLikeAFreshBuild(changed, built);

    // A search in the middle of the sort finishes the build there and then.
    const early = new Store(seedState({ users: 300, channels: 2 }));
    early.directory.warm(schedule, 10);
    for (let step = 0; step < 3; step++) queue.shift()?.();
    expect(early.directory.search({ q: 'an' })).toEqual(new DirectoryIndex(early).search({ q: 'an' }));
    expect(runAll()).toBe(1);
    expectLikeAFreshBuild(early, indexOf(early));
  });
});
