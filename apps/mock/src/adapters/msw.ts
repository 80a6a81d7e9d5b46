import { http, type RequestHandler } from 'msw';
import type { MockEngine } from '../engine/index.ts';

/**
 * MSW handlers that answer every request to `baseUrl` from `engine` (its one request path, as the
 * Express server runs it): `setupServer(...mockHandlers(createMockEngine(), 'http://mock.test'))`
 * in Vitest, `setupWorker(...)` in a browser.
 */
export function mockHandlers(engine: Pick<MockEngine, 'handle'>, baseUrl: string): RequestHandler[] {
  const base = baseUrl.replace(/\/+$/, '');
  return [http.all(`${base}/*`, ({ request }) => engine.handle(request))];
}
