import type { ProxyOptions } from 'vite';

/** Where the dev server and `vite preview` send API calls: the mock unless MOCK_URL says otherwise. */
export const DEFAULT_MOCK_URL = 'http://127.0.0.1:4010';

/** The app calls the API on its own origin; these paths go to the mock (same-origin, so no CORS). */
export function apiProxy(target: string): Record<string, ProxyOptions> {
  return {
    '/api': { target, changeOrigin: true },
    '/docs': { target, changeOrigin: true },
    '/media': { target, changeOrigin: true },
  };
}
