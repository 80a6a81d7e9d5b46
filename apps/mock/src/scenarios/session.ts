import { HttpError } from '../lib/http-error.ts';
import { type SessionStores, sessionStores } from '../store/session-stores.ts';
import type { State } from '../store/types.ts';
import { createBehaviour } from './behaviour.ts';
import { scenarioFor, unknownPreset } from './resolve.ts';
import { seedScenario } from './shape.ts';
import type { BehaviourFor } from './types.ts';

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

/** The seeds sessions are made from: the default's and one per preset a session named, each made once and shared read-only. */
export interface SessionSeeds {
  /** The stores for sessions of `scenario` (none: the default) and its behaviour; throws a 400 for an unknown preset. */
  of(scenario: string | undefined): { stores: SessionStores; behaviourFor?: BehaviourFor };
  /** Roughly the heap one more session of `scenario` takes, once its seed is made (else undefined). */
  sessionBytes(scenario: string | undefined): number | undefined;
  /** Makes the seed of `scenario` (the first session of a preset pays it), so its sessions' size is known. */
  prepare(scenario: string | undefined): void;
  /** Roughly the heap the seeds made so far take; at most one per preset, so bounded. */
  readonly sharedBytes: number;
  /** Roughly the heap the default seed takes: about what a preset's seed will. */
  readonly seedBytes: number;
}

/**
 * Sessions of a preset share its seed as default sessions share theirs (see store/session-stores.ts):
 * a preset is seeded once, not on every new session's request, and each session copies only what it may change.
 */
export function sessionSeeds(
  seedState: () => State,
  /** Users that win over a preset's own count (the server's `--users`, when given). */
  users?: number,
): SessionSeeds {
  const base = sessionStores(seedState);
  const presets = new Map<string, { stores: SessionStores; behaviourFor: BehaviourFor }>();
  const of = (name: string | undefined) => {
    if (name === undefined) return { stores: base };
    let entry = presets.get(name);
    if (!entry) {
      const scenario = scenarioFor(name);
      if (!scenario) throw HttpError.badRequest(`X-Mock-Scenario: ${unknownPreset(name)}.`);
      const stores = sessionStores(() => scenarioSession(name, base.seed(), users).state);
      entry = { stores, behaviourFor: createBehaviour(scenario, base.seed().seed) };
      presets.set(name, entry);
    }
    return entry;
  };
  return {
    of,
    sessionBytes: (name) => of(name).stores.sessionBytes,
    prepare(name) {
      of(name).stores.seed();
    },
    get seedBytes() {
      return base.sharedBytes + (base.sessionBytes ?? 0);
    },
    get sharedBytes() {
      let bytes = base.sharedBytes + (base.sessionBytes ?? 0);
      for (const { stores } of presets.values()) bytes += stores.sharedBytes + (stores.sessionBytes ?? 0);
      return bytes;
    },
  };
}
