import { HttpError } from '../lib/http-error.ts';
import { type SessionStores, sessionStores } from '../store/session-stores.ts';
import type { State } from '../store/types.ts';
import { createBehaviour } from './behaviour.ts';
import { scenarioFor, unknownPreset } from './resolve.ts';
import { seedScenario } from './shape.ts';
import type { BehaviourFor, Scenario } from './types.ts';

/**
 * A session made with `X-Mock-Scenario: <preset>`: the preset's data, seeded with the same seed and
 * size as `base` (the state sessions otherwise copy), and its latency and failures. The server and
 * the in-process engine both make their sessions' scenarios here. Throws a 400 naming the nearest
 * preset for an unknown name.
 */
export function scenarioSession(
  name: string,
  base: State,
  /** Users that win over the preset's own count (the server's `--users`, when given). */
  users?: number,
): { state: State; behaviourFor: BehaviourFor } {
  const found = scenarioFor(name);
  if (!found) throw HttpError.badRequest(`X-Mock-Scenario: ${unknownPreset(name)}.`);
  const scenario = users === undefined ? found : { ...found, seed: { ...found.seed, users } };
  const { seed } = base;
  return {
    state: seedScenario(scenario, { seed, users: base.users.length }),
    behaviourFor: createBehaviour(scenario, seed),
  };
}

/** What a preset's seed is made from: its name, the default seed's seed and size, and users over the preset's own count. */
export interface PresetJob {
  name: string;
  seed: number;
  users: number;
  over?: number;
}

/** The state of a preset's seed and its `approxBytes`, made off the request path (Node: a worker thread, adapters/preset-seeder.ts). */
export type PresetSeeder = (job: PresetJob) => Promise<{ state: State; bytes: number }>;

/** A preset's seeded state, as `scenarioSession` makes it (also what the worker thread runs). */
export function presetState({ name, seed, users, over }: PresetJob): State {
  const found = scenarioFor(name);
  if (!found) throw HttpError.badRequest(`X-Mock-Scenario: ${unknownPreset(name)}.`);
  const scenario = over === undefined ? found : { ...found, seed: { ...found.seed, users: over } };
  return seedScenario(scenario, { seed, users });
}

/** The seeds sessions are made from: the default's and one per preset a session named, each made once and shared read-only. */
export interface SessionSeeds {
  /** The stores for sessions of `scenario` (none: the default) and its behaviour; throws a 400 for an unknown preset. */
  of(scenario: string | undefined): { stores: SessionStores; behaviourFor?: BehaviourFor };
  /** Roughly the heap one more session of `scenario` takes, once its seed is made (else undefined). */
  sessionBytes(scenario: string | undefined): number | undefined;
  /**
   * Makes the seed of `scenario`, so its sessions' size is known: true once made. With a `PresetSeeder`
   * a preset not made yet is seeded there (once, however many ask): a promise of its being done.
   */
  prepare(scenario: string | undefined): true | Promise<void>;
  /** Roughly the heap the seeds made so far take; at most one per preset, so bounded. */
  readonly sharedBytes: number;
  /** Roughly the heap the default seed takes: about what a preset's seed will. */
  readonly seedBytes: number;
  /** Seeds a scenario file's sessions are made from, under `key` (`of(key)` finds it) until `release(key)`. */
  adopt(key: string, scenario: Scenario): void;
  release(key: string): void;
}

/** The key a scenario file's session is seeded under: never a preset's name, so `X-Mock-Scenario` cannot name one. */
export const fileScenarioKey = (session: string) => `file:${session}`;

/**
 * Sessions of a preset share its seed as default sessions share theirs (see store/session-stores.ts):
 * a preset is seeded once, not on every new session's request, and each session copies only what it may change.
 */
export function sessionSeeds(
  seedState: () => State,
  /** Users that win over a preset's own count (the server's `--users`, when given). */
  users?: number,
  /** Seeds a preset off the request path; without one (the browser) the first session of a preset seeds it in place. */
  seeder?: PresetSeeder,
): SessionSeeds {
  const base = sessionStores(seedState);
  interface Preset {
    stores: SessionStores;
    behaviourFor: BehaviourFor;
    /** The state the seeder made, once it is done. */
    made?: { state: State; bytes: number };
    seeding?: Promise<void>;
  }
  const presets = new Map<string, Preset>();
  /** A scenario file's seed, one per session made from one (files differ; nothing to share). */
  const files = new Map<string, Preset>();
  const of = (name: string | undefined) => {
    if (name === undefined) return { stores: base };
    const file = files.get(name);
    if (file) return file;
    let entry = presets.get(name);
    if (!entry) {
      const scenario = scenarioFor(name);
      if (!scenario) throw HttpError.badRequest(`X-Mock-Scenario: ${unknownPreset(name)}.`);
      const preset: Preset = {
        stores: sessionStores(
          () => preset.made?.state ?? scenarioSession(name, base.seed(), users).state,
          () => preset.made?.bytes,
        ),
        behaviourFor: createBehaviour(scenario, base.seed().seed),
      };
      entry = preset;
      presets.set(name, entry);
    }
    return entry;
  };
  return {
    of,
    sessionBytes: (name) => of(name).stores.sessionBytes,
    prepare(name) {
      const entry = of(name);
      if (entry.stores.seeded) return true;
      // A scenario file's seed is made here: the seeder's thread knows presets by name only.
      if (!seeder || name === undefined || files.has(name) || !('behaviourFor' in entry)) {
        entry.stores.seed();
        return true;
      }
      const preset = entry as Preset;
      if (!preset.seeding) {
        const { seed, users: size } = { seed: base.seed().seed, users: base.seed().users.length };
        preset.seeding = seeder({ name, seed, users: size, ...(users === undefined ? {} : { over: users }) }).then(
          (made) => {
            preset.made = made;
            preset.stores.seed();
            preset.made = undefined;
          },
          (error: unknown) => {
            // The next request for the preset tries again.
            preset.seeding = undefined;
            throw error;
          },
        );
      }
      return preset.seeding;
    },
    adopt(key, scenario) {
      const { seed, users: size } = { seed: base.seed().seed, users: base.seed().users.length };
      const shaped = users === undefined ? scenario : { ...scenario, seed: { ...scenario.seed, users } };
      files.set(key, {
        stores: sessionStores(() => seedScenario(shaped, { seed, users: size })),
        behaviourFor: createBehaviour(shaped, seed),
      });
    },
    release(key) {
      files.delete(key);
    },
    get seedBytes() {
      return base.sharedBytes + (base.sessionBytes ?? 0);
    },
    get sharedBytes() {
      let bytes = base.sharedBytes + (base.sessionBytes ?? 0);
      for (const { stores } of [...presets.values(), ...files.values()])
        bytes += stores.sharedBytes + (stores.sessionBytes ?? 0);
      return bytes;
    },
  };
}
