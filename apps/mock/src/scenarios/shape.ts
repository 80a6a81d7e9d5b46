import { type SeedOptions, seedState } from '../seed/index.ts';
import type { State } from '../store/types.ts';
import { crowd } from './crowd.ts';
import { emptyAccount } from './empty-account.ts';
import type { Scenario } from './types.ts';

/**
 * The seed a scenario asks for: the ordinary seed (with its `users`), then its shaping, in an order
 * that does not depend on the flags: an empty account first, then the long lists.
 */
export function seedScenario(scenario: Scenario, options: SeedOptions = {}): State {
  const { seed: shape } = scenario;
  const state = seedState({ ...options, ...(shape.users === undefined ? {} : { users: shape.users }) });
  if (shape.account === 'empty') emptyAccount(state);
  crowd(state, state.seed, shape);
  return state;
}
