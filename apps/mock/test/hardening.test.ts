import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/adapters/dev.ts';
import { createMockServer } from '../src/adapters/server.ts';
import { MockClock } from '../src/lib/clock.ts';
import { parseOptions } from '../src/options.ts';
import { SEEDED_PASSWORD } from '../src/seed/index.ts';
import { Store } from '../src/store/store.ts';
import { type TestServer, withServer } from './helpers.ts';

const post = (url: string, headers: Record<string, string>, body = '{}') =>
  fetch(url, { method: 'POST', headers, body });

describe('POST /__mock/reset and /__mock/clock (never cross-site)', () => {
  it.each([
    ['a text/plain POST (a simple request, no preflight)', { 'content-type': 'text/plain' }, 415],
    ['a form POST', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ['JSON from a foreign origin', { 'content-type': 'application/json', origin: 'https://evil.example' }, 403],
    ['JSON from the web app', { 'content-type': 'application/json', origin: 'http://localhost:5173' }, 200],
    ['JSON without an Origin (curl, tests)', { 'content-type': 'application/json' }, 200],
  ])('%s %j → %i', async (_name, headers, status) => {
    await withServer({}, async (server) => {
      const token = await server.login();
      const res = await post(`${server.baseUrl}/__mock/reset`, headers);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ success: status === 200 });
      // A refused reset wiped nothing: the session still works.
      const me = await server.client(token).GET('/api/v1/users/me');
      expect(me.response?.status).toBe(status === 200 ? 401 : 200);
    });
  });

  it("takes the mock's own origin and a bare curl-style JSON POST with no body", async () => {
    await withServer({}, async (server) => {
      const own = await post(`${server.baseUrl}/__mock/reset`, {
        'content-type': 'application/json',
        origin: server.baseUrl,
      });
      expect(own.status).toBe(200);
      // `curl -X POST -H 'Content-Type: application/json' …/__mock/reset`: no body at all.
      const bare = await fetch(`${server.baseUrl}/__mock/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(bare.status).toBe(200);
    });
  });

  it('refuses a page whose DNS name was rebound to the mock (Origin equal to its Host, but by name)', async () => {
    await withServer({}, async (server) => {
      const { port } = new URL(server.baseUrl);
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${server.baseUrl}/__mock/reset`,
          {
            method: 'POST',
            headers: {
              host: `evil.example:${port}`,
              origin: `http://evil.example:${port}`,
              'content-type': 'application/json',
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
      expect(status).toBe(403);
    });
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }, 415],
    ['a foreign origin', { 'content-type': 'application/json', origin: 'https://evil.example' }, 403],
  ])('POST /__mock/clock from %s is refused (%#) and the clock stays put', async (_name, headers, status) => {
    await withServer({}, async (server) => {
      const res = await post(`${server.baseUrl}/__mock/clock`, headers, JSON.stringify({ advance_ms: 3_600_000 }));
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ success: false });
      const clock = await (await fetch(`${server.baseUrl}/__mock/clock`)).json();
      expect(clock.data.offset_ms).toBe(0);
    });
  });

  it('is off when the server listens beyond loopback without --allow-remote-mock-tools', async () => {
    await withServer({ options: { allowMockTools: false } }, async (server) => {
      const res = await post(`${server.baseUrl}/__mock/reset`, { 'content-type': 'application/json' });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toContain('--allow-remote-mock-tools');
    });
  });
});

describe('tokens expire (sliding lifetime)', () => {
  it('a token unused for longer than its lifetime is a 401 saying the session expired; use keeps it alive', async () => {
    const clock = new MockClock();
    const HOUR = 3600_000;
    await withServer({ store: { now: clock.now, tokenTtlMs: 24 * HOUR }, options: { clock } }, async (server) => {
      const signIn = await server.client().POST('/api/v1/login', {
        body: { uniName: 'Stanford University', email: 'demo@cohort.test', password: SEEDED_PASSWORD },
      });
      expect(signIn.data?.data.expires_in).toBe(24 * 3600);
      const token = signIn.data?.data.access_token ?? '';
      // Used every 20 hours: 60 hours later it still works (sliding).
      for (let i = 0; i < 3; i++) {
        clock.advance(20 * HOUR);
        expect((await server.client(token).GET('/api/v1/users/me')).response?.status).toBe(200);
      }
      // Moved through the mock's own clock endpoint, as a frontend test would.
      const moved = await post(
        `${server.baseUrl}/__mock/clock`,
        { 'content-type': 'application/json' },
        JSON.stringify({ advance_ms: 25 * HOUR }),
      );
      expect(moved.status).toBe(200);
      const expired = await server.client(token).GET('/api/v1/users/me');
      expect(expired.response?.status).toBe(401);
      expect(expired.error?.message).toBe('Your session has expired; sign in again.');
      expect(expired.response?.headers.get('www-authenticate')).toContain('error="invalid_token"');
    });
  });
});

describe("the mock's one clock", () => {
  const advance = (server: TestServer, ms: number) =>
    post(`${server.baseUrl}/__mock/clock`, { 'content-type': 'application/json' }, JSON.stringify({ advance_ms: ms }));

  it("/__mock/clock moves the store's clock without any wiring (a server built with no clock option)", async () => {
    await withServer({ store: { tokenTtlMs: 3600_000 } }, async (server) => {
      const token = await server.login();
      expect((await advance(server, 2 * 3600_000)).status).toBe(200);
      const clock = await (await fetch(`${server.baseUrl}/__mock/clock`)).json();
      expect(clock.data.offset_ms).toBe(2 * 3600_000);
      expect((await server.client(token).GET('/api/v1/users/me')).error?.message).toBe(
        'Your session has expired; sign in again.',
      );
    });
  });

  it('a short lifetime still slides: a token used every 4 s of a 10 s lifetime lives on', async () => {
    await withServer({ store: { tokenTtlMs: 10_000 } }, async (server) => {
      const token = await server.login();
      for (let i = 0; i < 6; i++) {
        await advance(server, 4_000);
        expect((await server.client(token).GET('/api/v1/users/me')).response?.status, `after ${4 * (i + 1)} s`).toBe(
          200,
        );
      }
      await advance(server, 11_000);
      expect((await server.client(token).GET('/api/v1/users/me')).response?.status).toBe(401);
    });
  });

  it('registration answers expires_in too', async () => {
    await withServer({ store: { tokenTtlMs: 7_200_000 } }, async (server) => {
      const made = await server.client().POST('/api/v1/register', {
        body: { university_name: 'MIT', email: 'ttl@clock.test', password: 'secret-1', graduation_year: 2026 },
      });
      expect(made.data?.data.expires_in).toBe(7200);
    });
  });

  it('rate windows read it: moving the clock past a window lifts a 429, and Retry-After counts down with it', async () => {
    await withServer({ options: { authLimits: { loginPerAddress: 2, registerPerAddress: 1 } } }, async (server) => {
      const wrong = (i: number) =>
        server.client().POST('/api/v1/login', {
          body: { uniName: 'MIT', email: `p${i}@clock.test`, password: 'wrong-password' },
        });
      await wrong(1);
      await wrong(2);
      const refused = await wrong(3);
      expect(refused.response?.status).toBe(429);
      expect(Number(refused.response?.headers.get('retry-after'))).toBeGreaterThan(55);
      await advance(server, 40_000);
      const later = await wrong(4);
      expect(later.response?.status).toBe(429);
      expect(Number(later.response?.headers.get('retry-after'))).toBeLessThanOrEqual(20);
      await advance(server, 21_000);
      expect((await wrong(5)).response?.status).toBe(401);

      const register = (i: number) =>
        server.client().POST('/api/v1/register', {
          body: { university_name: 'MIT', email: `r${i}@clock.test`, password: 'secret-1', graduation_year: 2026 },
        });
      expect((await register(1)).response?.status).toBe(201);
      expect((await register(2)).response?.status).toBe(429);
      await advance(server, 600_000);
      expect((await register(3)).response?.status).toBe(201);
    });
  });
});

describe('sign-in spraying and registration floods (per address)', () => {
  it('one address trying many e-mails gets 429 with Retry-After', async () => {
    await withServer({ options: { authLimits: { loginPerAddress: 20 } } }, async (server) => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await server.client().POST('/api/v1/login', {
          body: { uniName: 'MIT', email: `person${i}@spray.test`, password: 'wrong-password' },
        });
        statuses.push(res.response?.status ?? 0);
        if (res.response?.status === 429) expect(Number(res.response?.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });

  it('one address registering account after account gets 429 with Retry-After', async () => {
    await withServer({ options: { authLimits: { registerPerAddress: 5 } } }, async (server) => {
      const register = (i: number) =>
        server.client().POST('/api/v1/register', {
          body: {
            university_name: 'Stanford University',
            email: `new${i}@flood.test`,
            password: 'secret-1',
            graduation_year: 2026,
          },
        });
      for (let i = 0; i < 5; i++) expect((await register(i)).response?.status).toBe(201);
      const refused = await register(5);
      expect(refused.response?.status).toBe(429);
      expect(refused.response?.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(server.store.accounts.findByEmail('new5@flood.test')).toBeUndefined();
    });
  });

  it('a university name typed at registration stays out of the public list', async () => {
    await withServer({}, async (server) => {
      await server.client().POST('/api/v1/register', {
        body: {
          university_name: 'Buy Cheap Pills Dot Com',
          email: 'spam@flood.test',
          password: 'secret-1',
          graduation_year: 2026,
        },
      });
      const list = await server.client().GET('/api/v1/general/get-all-resource/', {
        params: { query: { resource: 'University', q: 'pills' } },
      });
      expect(list.data?.data.data).toEqual([]);
      // The account itself keeps its university.
      expect(server.store.accounts.findByEmail('spam@flood.test')?.university).toBe('Buy Cheap Pills Dot Com');
    });
  });
});

describe('the edges of HTTP', () => {
  it('every answer carries nosniff, a referrer policy and framing protection (/docs included)', async () => {
    await withServer({}, async (server) => {
      for (const path of ['/api/v1/users/me', '/docs/', '/openapi.json', '/nope']) {
        const res = await fetch(`${server.baseUrl}${path}`);
        expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
        expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      }
    });
  });

  it('HEAD /api/v1/logout does not sign the user out (405 with Allow naming GET and POST)', async () => {
    await withServer({}, async (server) => {
      const token = await server.login();
      const head = await fetch(`${server.baseUrl}/api/v1/logout`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(head.status).toBe(405);
      expect(head.headers.get('allow')).toBe('GET, POST');
      expect((await server.client(token).GET('/api/v1/users/me')).response?.status).toBe(200);
    });
  });

  it('malformed JSON without a token is a 401 (who asks comes before what they sent)', async () => {
    await withServer({}, async (server) => {
      const res = await post(
        `${server.baseUrl}/api/v1/users/me/notes/store`,
        { 'content-type': 'application/json' },
        '{"title":',
      );
      expect(res.status).toBe(401);
    });
  });

  it('the request log never shows a token from the query string', () => {
    expect(redactUrl('/api/v1/channels/chan_x/stream?access_token=s3cr3t&x=1')).toBe(
      '/api/v1/channels/chan_x/stream?access_token=[redacted]&x=1',
    );
    expect(redactUrl('/a?x=1&access_token=s3cr3t')).toBe('/a?x=1&access_token=[redacted]');
    // Names the query parser reads the same way.
    expect(redactUrl('/a?%61ccess_token=s3cr3t&Ticket=t1&token[]=t2')).toBe(
      '/a?%61ccess_token=[redacted]&Ticket=[redacted]&token[]=[redacted]',
    );
  });

  it('the request log of a real server shows neither a query token nor a stream ticket', async () => {
    const lines: string[] = [];
    await withServer({ options: { log: (line) => lines.push(line) } }, async (server) => {
      const token = await server.login();
      const channel =
        (await server.client(token).GET('/api/v1/users/me/channels')).data?.data[0]?.id ?? 'chan_0000000000000000';
      await fetch(`${server.baseUrl}/api/v1/users/me?access_token=${token}`);
      await fetch(`${server.baseUrl}/api/v1/users/me?%61ccess_token=${token}`);
      const ticket = 'T'.repeat(40);
      await fetch(`${server.baseUrl}/api/v1/channels/${channel}/stream?ticket=${ticket}`);
      await fetch(`${server.baseUrl}/api/v1/channels/${channel}/stream?%74icket=${ticket}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines.filter((line) => line.includes('[redacted]'))).toHaveLength(4);
      for (const line of lines) {
        expect(line).not.toContain(token);
        expect(line).not.toContain(ticket);
      }
    });
  });

  it('--headers-timeout and --request-timeout are flags with defaults (10 s and 30 s)', () => {
    expect(parseOptions([], {})).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(parseOptions(['--headers-timeout', '500'], { MOCK_REQUEST_TIMEOUT: '2000' })).toMatchObject({
      headersTimeoutMs: 500,
      requestTimeoutMs: 2000,
    });
    expect(parseOptions([], { MOCK_HEADERS_TIMEOUT: '700' })).toMatchObject({ headersTimeoutMs: 700 });
    expect(() => parseOptions(['--headers-timeout', '5'], {})).toThrow(/--headers-timeout must be between/);
  });

  it('a request whose headers trickle in is cut off with a JSON 408 at the headers timeout (--headers-timeout)', async () => {
    const store = new Store((await import('../src/seed/index.ts')).seedState({ users: 5, channels: 1 }));
    const { createApp } = await import('../src/app.ts');
    const app = createApp({ store, options: { seededPasswordHash: 'x' } });
    const server = createMockServer(app, { requestTimeoutMs: 60_000, headersTimeoutMs: 300 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const started = performance.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/v1/users/me HTTP/1.1\r\nHost: x\r\n'));
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        setTimeout(() => reject(new Error(`no answer; got ${text}`)), 20_000);
      });
      // Far under the 60 s request timeout, with room for a loaded machine: the headers timeout cut it.
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('Swagger UI still loads under the security headers: its assets come as script and style, not sniffed', async () => {
    await withServer({}, async (server) => {
      const page = await (await fetch(`${server.baseUrl}/docs/`)).text();
      const assets = [...page.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(assets).toEqual(['swagger-ui.css', 'swagger-ui-bundle.js', 'docs-init.js']);
      // No inline script or style the CSP would have to allow.
      expect(page).not.toMatch(/<script>|<style|style=/);
      for (const asset of assets) {
        const res = await fetch(`${server.baseUrl}/docs/${asset}`);
        expect(res.status, asset).toBe(200);
        expect(res.headers.get('content-type'), asset).toMatch(
          asset.endsWith('.css') ? /^text\/css/ : /^(?:application|text)\/javascript/,
        );
      }
      const csp = (await fetch(`${server.baseUrl}/docs/`)).headers.get('content-security-policy') ?? '';
      expect(csp).not.toMatch(/script-src|default-src/);
    });
  });

  it('a request whose body trickles in is cut off with a JSON 408 at the request timeout', async () => {
    const store = new Store((await import('../src/seed/index.ts')).seedState({ users: 5, channels: 1 }));
    const { createApp } = await import('../src/app.ts');
    const app = createApp({ store, options: { seededPasswordHash: 'x' } });
    const server = createMockServer(app, { requestTimeoutMs: 300 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
          );
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        setTimeout(() => reject(new Error(`no answer; got ${text}`)), 5000);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain('application/json');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('headers too large are a JSON 431, not node bare text', async () => {
    await withServer({}, async (server) => {
      const res = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = httpRequest(
          `${server.baseUrl}/api/v1/users/me`,
          { headers: { 'x-big': 'a'.repeat(20_000) } },
          (r) => {
            let body = '';
            r.on('data', (c) => {
              body += c;
            });
            r.on('end', () => resolve({ status: r.statusCode ?? 0, type: String(r.headers['content-type']), body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(res.status).toBe(431);
      expect(res.type).toContain('application/json');
      expect(JSON.parse(res.body)).toMatchObject({ success: false });
    });
  });
});

describe('writes that reach other people are limited per token', () => {
  it('the 4th message in a minute (limit 3) is a 429 with Retry-After; the RateLimit headers count down', async () => {
    await withServer({ options: { authLimits: { writesPerToken: 3 } } }, async (server) => {
      const client = server.client(await server.login());
      const channel = (await client.GET('/api/v1/users/me/channels')).data?.data[0]?.id ?? '';
      const send = () =>
        client.POST('/api/v1/channels/{id}/messages', { params: { path: { id: channel } }, body: { message: 'Hi' } });
      const first = await send();
      expect(first.response?.status).toBe(201);
      expect(first.response?.headers.get('ratelimit-limit')).toBe('3');
      expect(first.response?.headers.get('ratelimit-remaining')).toBe('2');
      await send();
      await send();
      const refused = await send();
      expect(refused.response?.status).toBe(429);
      expect(refused.response?.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another operation has its own budget.
      const made = await client.POST('/api/v1/users/channels/store', {
        body: { name: 'Still allowed', description: '', tags: [], is_closed: false, users: [] },
      });
      expect(made.response?.status).toBe(201);
    });
  });
});

describe('--host beyond loopback (main.ts)', { timeout: 30_000 }, () => {
  /** Starts `tsx src/main.ts` with `args`, resets through 127.0.0.1, stops it; resolves with the reset's status. */
  async function resetStatus(args: string[]): Promise<number> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0', '--users', '5', ...args], {
      cwd: new URL('..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const port = await new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`mock exited with ${code}`)));
        createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
          const m = /listening on http:\/\/\S+:(\d+)$/.exec(line);
          if (m?.[1]) resolve(m[1]);
        });
      });
      const res = await post(`http://127.0.0.1:${port}/__mock/reset`, { 'content-type': 'application/json' });
      return res.status;
    } finally {
      child.kill('SIGKILL');
    }
  }

  it.each([
    [[], 403],
    [['--allow-remote-mock-tools'], 200],
    [['--allow-reset'], 200],
  ])('turns the /__mock endpoints off beyond loopback unless opened up: %j → %i', async (flags, status) => {
    expect(await resetStatus(['--host', '0.0.0.0', ...flags])).toBe(status);
  });
});
