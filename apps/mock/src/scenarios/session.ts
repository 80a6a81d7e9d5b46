import { HttpError } from '../http-error.ts';
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
export function scenarioSession(name: string, base: State): { state: State; behaviourFor: BehaviourFor } {
  const scenario = scenarioFor(name);
  if (!scenario) throw HttpError.badRequest(`X-Mock-Scenario: ${unknownPreset(name)}.`);
  const { seed } = base;
  return {
    state: seedScenario(scenario, { seed, users: base.users.length }),
    behaviourFor: createBehaviour(scenario, seed),
  };
}
