// The published declarations of `@cohort/mock/engine-node` (dist/engine-node.js); test/published-types.ts
// checks them against the source, so they cannot drift from what the bundle exports.

/** The mock's request path with no server: answers fetch `Request`s from its own seeded store. */
export interface MockEngine {
  /** Answers one request: the API (`/api/…`) and the `/__mock/…` control endpoints; anything else is a 404. */
  handle(request: Request): Promise<Response>;
  /** Back to the seed: state, sign-ins, rate windows, mails, overrides, journal; every session dropped. */
  reset(): Promise<void>;
  /** Stops timers and closes open streams. */
  close(): void;
}

export interface MockEngineOptions {
  /** The data seed: the same seed makes the same data. */
  seed?: number;
  /** How many seeded users. */
  users?: number;
  /** How many seeded channels. */
  channels?: number;
  /** A scenario preset: `default`, `empty`, `crowded`, `flaky` or `offline-stream`. */
  scenario?: string;
}

/** A mock engine in Node, over its own store seeded from `options.seed`; hashing is node:crypto's, uploads stay in memory. */
export function createMockEngine(options?: MockEngineOptions): MockEngine;

/** The password every seeded user shares. */
export const SEEDED_PASSWORD: 'cohort-demo';

/** The demo account every seed has. */
export const DEMO_ACCOUNT: { readonly email: string; readonly password: 'cohort-demo'; readonly university: string };
