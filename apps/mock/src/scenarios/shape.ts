import { type SeedOptions, seedState } from '../seed/index.ts';
import type { State } from '../store/types.ts';
import { crowd } from './crowd.ts';
import { emptyAccount } from './empty-account.ts';
import { scenarioFor } from './resolve.ts';
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

/** Whether the scenario seeds anything other than `default` does (recorded writes included). */
export function seedsOtherwise(scenario: Scenario): boolean {
  if (scenario.records && scenario.records.exchanges.length > 0) return true;
  return JSON.stringify(scenario.seed) !== JSON.stringify(scenarioFor('default')?.seed);
}

/**
 * The `--data` file of a scenario: the given one when it seeds as `default` does (flaky,
 * offline-stream: only behaviour changes), else one of its own beside it (`dev.db` →
 * `dev.empty.db`), so switching scenarios in `pnpm dev` neither mixes their states nor wipes one.
 */
export function dataFileFor(file: string, scenario: Scenario): string {
  if (!seedsOtherwise(scenario)) return file;
  const slug = scenario.name.replace(/[^A-Za-z0-9_-]+/g, '-');
  const dot = file.lastIndexOf('.');
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return dot > slash + 1 ? `${file.slice(0, dot)}.${slug}${file.slice(dot)}` : `${file}.${slug}`;
}
