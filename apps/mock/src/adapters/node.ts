import { contract } from '../contract/contract.ts';
import { type CreateEngineOptions, createEngine, type MockEngine } from '../engine/index.ts';
import { hashPassword } from '../engine/password.ts';
import { installCrypto } from '../lib/crypto.ts';
import { nodeCrypto } from '../platform/node-crypto.ts';
import { registerRoutes } from '../routes/index.ts';
import { createBehaviour } from '../scenarios/behaviour.ts';
import { scenarioFor, unknownPreset } from '../scenarios/resolve.ts';
import { seedScenario } from '../scenarios/shape.ts';
import { DEFAULT_SEED, SEEDED_PASSWORD, type SeedOptions, seedState } from '../seed/index.ts';

export type { MockEngine } from '../engine/index.ts';
export { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../seed/index.ts';

export interface MockEngineOptions
  extends SeedOptions,
    Partial<Omit<CreateEngineOptions, 'doc' | 'state' | 'seededPasswordHash' | 'routes'>> {
  /** The state to start from and reset to (default: `seedState({ seed, users, channels })`, shaped by `scenario`). */
  state?: () => import('../store/types.ts').State;
  /** A scenario preset (`empty`, `crowded`, `flaky`, `offline-stream`; see src/scenarios/): its data and behaviour. */
  scenario?: string;
}

let seededHash: Promise<string> | undefined;

/**
 * The mock engine in Node, with no server: `engine.handle(request)` answers a fetch `Request` on
 * the same request path the Express server runs (`createApp`), over its own store seeded from
 * `seed` (byte-identical data for the same seed). Hashing is node:crypto's; uploads stay in memory.
 */
export function createMockEngine(options: MockEngineOptions = {}): MockEngine {
  installCrypto(nodeCrypto);
  const { seed, users, channels, state, scenario: scenarioName, ...rest } = options;
  const seedOptions: SeedOptions = {
    ...(seed === undefined ? {} : { seed }),
    ...(users === undefined ? {} : { users }),
    ...(channels === undefined ? {} : { channels }),
  };
  seededHash ??= hashPassword(SEEDED_PASSWORD);
  const scenario = scenarioName === undefined ? undefined : scenarioFor(scenarioName);
  if (scenarioName !== undefined && !scenario) throw new Error(unknownPreset(scenarioName));
  return createEngine({
    routes: registerRoutes,
    doc: contract().doc,
    state: state ?? (() => (scenario ? seedScenario(scenario, seedOptions) : seedState(seedOptions))),
    seededPasswordHash: seededHash,
    ...(scenario ? { behaviourFor: createBehaviour(scenario, seedOptions.seed ?? DEFAULT_SEED) } : {}),
    ...rest,
  });
}
