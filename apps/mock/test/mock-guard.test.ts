import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockEngine } from '../src/adapters/node.ts';
import type { MockEngine } from '../src/engine/index.ts';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { withServer } from './helpers.ts';

const READS = ['mail', 'requests', 'sessions', 'clock', 'overrides', 'violations'];
const EVIL = 'https://evil.example';

const forgot = (baseUrl: string) =>
  fetch(`${baseUrl}/api/v1/password/forgot`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email }),
  });

describe('every /__mock read is guarded like a state change (origin and loopback, not JSON)', () => {
  it.each([
    ['the default origins', undefined],
    ["--cors-origin '*'", '*' as const],
  ])('a page of another origin reads no /__mock endpoint with %s: 403, enveloped', async (_name, corsOrigins) => {
    await withServer({ options: corsOrigins ? { corsOrigins } : {} }, async (server) => {
      expect((await forgot(server.baseUrl)).status).toBe(200);
      for (const path of READS) {
        const res = await fetch(`${server.baseUrl}/__mock/${path}`, { headers: { origin: EVIL } });
        expect(res.status, path).toBe(403);
        const body = await res.json();
        expect(body, path).toMatchObject({ success: false });
        expect(JSON.stringify(body), path).not.toContain('token=');
      }
      // An unknown /__mock path is refused by the same guard, not told apart by a 404.
      expect((await fetch(`${server.baseUrl}/__mock/nothing`, { headers: { origin: EVIL } })).status).toBe(403);
    });
  });

  it('curl (no Origin), the web app and the mock itself still read them', async () => {
    await withServer({}, async (server) => {
      expect((await forgot(server.baseUrl)).status).toBe(200);
      for (const origin of [undefined, 'http://localhost:5173', server.baseUrl]) {
        const res = await fetch(`${server.baseUrl}/__mock/mail`, { headers: origin ? { origin } : {} });
        expect(res.status, String(origin)).toBe(200);
        const { data } = (await res.json()) as { data: { to: string; link: string }[] };
        expect(data[0]?.to).toBe(DEMO_ACCOUNT.email);
      }
      expect((await fetch(`${server.baseUrl}/__mock/requests`)).status).toBe(200);
    });
  });

  it('beyond loopback without --allow-remote-mock-tools every read is refused too, naming the flag', async () => {
    await withServer({ options: { allowMockTools: false } }, async (server) => {
      for (const path of READS) {
        const res = await fetch(`${server.baseUrl}/__mock/${path}`);
        expect(res.status, path).toBe(403);
        expect(((await res.json()) as { message: string }).message).toContain('--allow-remote-mock-tools');
      }
    });
  });
});

describe('the in-process engine answers /__mock/mail and /__mock/clock behind the same guard', () => {
  let engine: MockEngine;
  beforeAll(() => {
    engine = createMockEngine({ users: 20, channels: 3 });
  });
  afterAll(() => engine.close());
  const send = (path: string, init: RequestInit = {}) => engine.handle(new Request(`http://mock.test${path}`, init));

  it('lists the mail a forgotten password sent, and moves the clock', async () => {
    const asked = await send('/api/v1/password/forgot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNT.email }),
    });
    expect(asked.status).toBe(200);
    const mail = await send(`/__mock/mail?to=${encodeURIComponent(DEMO_ACCOUNT.email)}`);
    expect(mail.status).toBe(200);
    expect(((await mail.json()) as { data: { link: string }[] }).data[0]?.link).toContain('token=');
    const moved = await send('/__mock/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 60_000 }),
    });
    expect(moved.status).toBe(200);
    const clock = (await (await send('/__mock/clock')).json()) as { data: { offset_ms: number } };
    expect(clock.data.offset_ms).toBe(60_000);
    expect((await send('/__mock/mail', { headers: { origin: EVIL } })).status).toBe(403);
    const plain = await send('/__mock/clock', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(plain.status).toBe(415);
  });
});
