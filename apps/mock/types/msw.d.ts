// The published declarations of `@cohort/mock/msw` (dist/msw.js); test/published-types.ts checks them against the source.
import type { RequestHandler } from 'msw';
import type { MockEngine } from './engine-node.js';

/**
 * MSW handlers that answer every request under `baseUrl` from `engine`:
 * `setupServer(...mockHandlers(createMockEngine(), 'http://mock.test'))` in Vitest or Storybook.
 */
export function mockHandlers(engine: Pick<MockEngine, 'handle'>, baseUrl: string): RequestHandler[];
