import { contract } from './contract.ts';
import { installCrypto } from './engine/crypto.ts';
import { type CreateEngineOptions, createEngine, type MockEngine } from './engine/index.ts';
import { hashPassword } from './password.ts';
import { nodeCrypto } from './platform/node-crypto.ts';
import { SEEDED_PASSWORD, type SeedOptions, seedState } from './seed/index.ts';

export type { MockEngine } from './engine/index.ts';
export { DEMO_ACCOUNT, SEEDED_PASSWORD } from './seed/index.ts';

export interface MockEngineOptions
  extends SeedOptions,
    Partial<Omit<CreateEngineOptions, 'doc' | 'state' | 'seededPasswordHash'>> {
  /** The state to start from and reset to (default: `seedState({ seed, users, channels })`). */
  state?: () => import('./store/types.ts').State;
}

let seededHash: Promise<string> | undefined;

/**
 * The mock engine in Node, with no server: `engine.handle(request)` answers a fetch `Request` on
 * the same request path the Express server runs (`createApp`), over its own store seeded from
 * `seed` (byte-identical data for the same seed). Hashing is node:crypto's; uploads stay in memory.
 */
export function createMockEngine(options: MockEngineOptions = {}): MockEngine {
  installCrypto(nodeCrypto);
  const { seed, users, channels, state, ...rest } = options;
  const seedOptions: SeedOptions = {
    ...(seed === undefined ? {} : { seed }),
    ...(users === undefined ? {} : { users }),
    ...(channels === undefined ? {} : { channels }),
  };
  seededHash ??= hashPassword(SEEDED_PASSWORD);
  return createEngine({
    doc: contract().doc,
    state: state ?? (() => seedState(seedOptions)),
    seededPasswordHash: seededHash,
    ...rest,
  });
}
