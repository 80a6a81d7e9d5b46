import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedState } from '@cohort/mock';
import { type StartedMock, startMock as startMockProcess } from '@cohort/mock/start';
import { inject } from 'vitest';

/**
 * The real mock (@cohort/mock) as a child process on a free port, from the run's bundle
 * (test/global-setup.ts); `--users` keeps its seed small.
 */
export async function startMock(args: string[] = ['--users', '60']): Promise<{ url: string; stop(): void }> {
  const mock = await startBuiltMock(args);
  return { url: mock.url, stop: () => void mock.stop() };
}

/** The same, with the child process and a `stop` that resolves once it has exited. */
export function startBuiltMock(args: string[]): Promise<StartedMock> {
  return startMockProcess(args, { built: inject('mockBundle') });
}

const seeds = new Map<string, string>();

/**
 * `seedState(options)` for an in-process mock, each call a new copy (the store changes it in
 * place): a seed is a pure function of its options, so the worker makes each one once.
 */
export function seeded(options: Parameters<typeof seedState>[0]): ReturnType<typeof seedState> {
  const key = JSON.stringify(options);
  let text = seeds.get(key);
  if (text === undefined) {
    text = JSON.stringify(seedState(options));
    seeds.set(key, text);
  }
  return JSON.parse(text);
}

/** What a faking proxy answers instead of the upstream server: a status and a JSON body. */
export interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Rewrites the headers of an answer the proxy passes on (e.g. a broken `RateLimit-Remaining`). */
export type AlterHeaders = (
  method: string,
  url: string,
  headers: Record<string, string | string[] | undefined>,
) => Record<string, string | string[] | undefined>;

/**
 * A proxy to `upstream` that answers the requests `fake` picks with its own JSON (status 200
 * unless it says otherwise), passing the rest on: a server that lies in exactly one place.
 */
export async function fakingProxy(
  upstream: string,
  fake: (method: string, url: string, body: string, headers: Record<string, unknown>) => FakeAnswer | undefined,
  alterHeaders: AlterHeaders = (_method, _url, headers) => headers,
): Promise<{ url: string; server: Server }> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const answer = fake(req.method ?? '', req.url ?? '', body.toString(), req.headers);
      if (answer !== undefined) {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(JSON.stringify(answer.body));
        return;
      }
      const forward = request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, alterHeaders(req.method ?? '', req.url ?? '', reply.headers));
          reply.pipe(res);
        },
      );
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * A proxy to `upstream` that drops one access check: the requests `pick` chooses that upstream
 * refuses (403, 404, 409) are answered 200 with a success envelope instead, as a server that
 * forgot the check would. Everything else passes through unchanged.
 */
export async function refusalLiftingProxy(
  upstream: string,
  pick: (method: string, url: string) => boolean,
): Promise<{ url: string; server: Server; lifted: string[] }> {
  const target = new URL(upstream);
  const lifted: string[] = [];
  const server = createServer((req, res) => {
    const forward = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (reply) => {
        const status = reply.statusCode ?? 502;
        if ([403, 404, 409].includes(status) && pick(req.method ?? '', req.url ?? '')) {
          reply.resume();
          lifted.push(`${req.method} ${req.url} ${status}`);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ success: true, message: 'OK', data: null }));
          return;
        }
        res.writeHead(status, reply.headers);
        reply.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, lifted };
}

/**
 * A proxy to `upstream` that alters event streams in one way: rewrites their text as it passes
 * (`chunk`), drops request headers (`dropHeaders`), or keeps the client's stream open after
 * upstream ended it (`keepOpen`). Other answers pass through unchanged.
 */
export async function streamProxy(
  upstream: string,
  options: { chunk?: (text: string) => string; dropHeaders?: string[]; keepOpen?: boolean },
): Promise<{ url: string; server: Server }> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const headers = { ...req.headers };
    for (const name of options.dropHeaders ?? []) delete headers[name];
    const forward = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        if (!/^text\/event-stream/.test(String(reply.headers['content-type'] ?? ''))) {
          reply.pipe(res);
          return;
        }
        reply.setEncoding('utf8');
        reply.on('data', (text: string) => res.write(options.chunk ? options.chunk(text) : text));
        reply.on('end', () => (options.keepOpen ? undefined : res.end()));
        res.on('close', () => reply.destroy());
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
