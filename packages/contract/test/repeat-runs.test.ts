import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.ts';
import { startMock } from './mock.ts';

let mock: { url: string; stop(): void };

// A default mock, as `pnpm dev` starts one: no limit raised by flag.
beforeAll(async () => {
  mock = await startMock([]);
});
afterAll(() => mock?.stop());

describe('running the checker again and again against one default mock', { timeout: 300_000 }, () => {
  it('five runs in a row all pass (each registers its users; the per-address limit leaves room for them)', async () => {
    // The operations that register (the two users a run signs in as, a third for the access check, the
    // contract's example, the taken-e-mail probe), without fuzzing: five registrations a run, the cheapest
    // run that meets the registration limit as a whole run does.
    const operations = ['register', 'login', 'getMe', 'getUser'];
    for (let run = 1; run <= 5; run++) {
      const result = await runConformance({ baseUrl: mock.url, include: 'all', operations, fuzz: 0, seed: run });
      expect(result.errors, `run ${run}`).toEqual([]);
      expect(result.failures, `run ${run}`).toEqual([]);
      expect(result.passed, `run ${run}`).toBeGreaterThan(0);
    }
    // What the five runs spent: each registered, so the limit was met, not sidestepped.
    const probe = await fetch(`${mock.url}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        university_name: 'Stanford University',
        email: 'demo@cohort.test',
        password: 'not-the-password-1',
        graduation_year: 2026,
      }),
    });
    expect(probe.status).toBe(409);
    expect(Number(probe.headers.get('ratelimit-remaining'))).toBeLessThan(100 - 5 * 4);
  });
});
