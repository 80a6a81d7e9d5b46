import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseOptions, UsageError } from '../src/options.ts';
import { type TestServer, withServer } from './helpers.ts';

/** A GET to the server's address with `host` as the `Host` header (what a rebound page's browser sends). */
function getAs(server: TestServer, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.baseUrl}${path}`, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const PATHS = ['/api/v1/general/get-all-resource/?resource=Club', '/docs', '/__mock/mail', '/__mock/clock', '/media/x'];

describe('DNS rebinding: a Host the mock was not given is refused before any handler', () => {
  it('Host: attacker.example gets an enveloped 403 naming --allowed-hosts on the API, /docs, /__mock and /media', async () => {
    await withServer({}, async (server) => {
      const { port } = new URL(server.baseUrl);
      for (const host of ['attacker.example', `attacker.example:${port}`]) {
        for (const path of PATHS) {
          const res = await getAs(server, path, host);
          expect(res.status, `${host} ${path}`).toBe(403);
          const body = JSON.parse(res.body) as { success: boolean; message: string };
          expect(body.success).toBe(false);
          expect(body.message).toContain('--allowed-hosts attacker.example');
        }
      }
    });
  });

  it('takes loopback names and any IP address (the browser, curl, the Vite proxy with changeOrigin), no other name', async () => {
    await withServer({}, async (server) => {
      const { port } = new URL(server.baseUrl);
      expect((await getAs(server, '/__mock/clock', `mock.attacker.example:${port}`)).status).toBe(403);
      for (const host of [
        `127.0.0.1:${port}`,
        `localhost:${port}`,
        'app.localhost',
        `[::1]:${port}`,
        '10.0.0.7:4010',
      ]) {
        expect((await getAs(server, '/__mock/clock', host)).status, host).toBe(200);
      }
    });
  });

  it('takes the --host name, the hosts of --cors-origin and --allowed-hosts (a leading dot: subdomains too)', async () => {
    await withServer(
      {
        options: {
          host: 'devbox',
          corsOrigins: ['https://app.example.com:8443'],
          allowedHosts: ['mock', '.team.example'],
        },
      },
      async (server) => {
        for (const host of ['devbox:4010', 'app.example.com', 'mock:4010', 'team.example', 'ci.team.example:4010']) {
          expect((await getAs(server, '/__mock/clock', host)).status, host).toBe(200);
        }
        for (const host of ['example.com', 'mock.attacker.example', 'evilteam.example']) {
          expect((await getAs(server, '/__mock/clock', host)).status, host).toBe(403);
        }
      },
    );
  });

  it('--allowed-hosts all takes every name (a container reached as mock:4010), a list only its names', async () => {
    await withServer({ options: { allowedHosts: ['mock'] } }, async (server) => {
      expect((await getAs(server, '/__mock/clock', 'mock:4010')).status).toBe(200);
      expect((await getAs(server, '/__mock/clock', 'attacker.example')).status).toBe(403);
    });
    await withServer({ options: { allowedHosts: 'all' } }, async (server) => {
      expect((await getAs(server, '/__mock/clock', 'attacker.example')).status).toBe(200);
    });
  });

  it('parses --allowed-hosts: a list, all or true, and refuses a URL', () => {
    const parsed = (value: string) => {
      const options = parseOptions(['--allowed-hosts', value], {});
      return options === 'help' ? undefined : options.allowedHosts;
    };
    expect(parsed('mock, .Team.example')).toEqual(['mock', '.team.example']);
    expect(parsed('all')).toBe('all');
    expect(parsed('true')).toBe('all');
    expect(parseOptions([], { MOCK_ALLOWED_HOSTS: 'mock' })).toMatchObject({ allowedHosts: ['mock'] });
    expect(() => parsed('http://mock:4010')).toThrow(UsageError);
  });
});
