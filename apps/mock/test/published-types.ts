// Type-checked with the package (not run): the handwritten declarations the package publishes
// (types/) must accept what the source exports, or `pnpm typecheck` fails.
import * as msw from '../src/adapters/msw.ts';
import * as node from '../src/adapters/node.ts';
import type * as PublishedEngine from '../types/engine-node.d.ts';
import type * as PublishedMsw from '../types/msw.d.ts';

export const createMockEngine: typeof PublishedEngine.createMockEngine = node.createMockEngine;
export const seededPassword: typeof PublishedEngine.SEEDED_PASSWORD = node.SEEDED_PASSWORD;
export const demoAccount: typeof PublishedEngine.DEMO_ACCOUNT = node.DEMO_ACCOUNT;
export const mockHandlers: typeof PublishedMsw.mockHandlers = msw.mockHandlers;
export const options: PublishedEngine.MockEngineOptions = {} satisfies node.MockEngineOptions;
