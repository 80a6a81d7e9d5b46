import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlainJson } from '../src/adapters/json-body.ts';
import { JSON_BODY_LIMIT } from '../src/engine/json-text.ts';
import { HttpError } from '../src/lib/http-error.ts';

/**
 * The short JSON reader beside body-parser's `express.json({ limit: '1mb' })` (what it stands in
 * for): for each request, what each makes of it, as the answer the mock would give.
 */
const bodyParser = express.json({ limit: '1mb' });
type Outcome = { read: 'short' | 'body-parser' | 'none'; status: number; body?: unknown };

function viaBodyParser(req: IncomingMessage): Promise<Outcome> {
  return new Promise((resolve) => {
    bodyParser(req as express.Request, {} as express.Response, (error?: unknown) =>
      resolve(
        error
          ? { read: 'body-parser', status: HttpError.from(error).status }
          : { read: 'body-parser', status: 200, body: (req as { body?: unknown }).body },
      ),
    );
  });
}

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    let outcome: Outcome;
    if (req.url === '/short') {
      const plain = readPlainJson(req);
      outcome = plain
        ? await plain.then(
            (body) => ({ read: 'short' as const, status: 200, body }),
            (error: unknown) => ({ read: 'short' as const, status: HttpError.from(error).status }),
          )
        : { read: 'none', status: 0 };
    } else outcome = await viaBodyParser(req);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(outcome));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(path: string, headers: Record<string, string>, body: Buffer | string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Outcome));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = (body: Buffer | string, type = 'application/json') => ({
  headers: { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) },
  body,
});

describe('the short JSON body reader answers as body-parser does', () => {
  const cases: [string, { headers: Record<string, string>; body: Buffer | string }][] = [
    ['an object', json('{"title":"A","note":"Ünïcode ✓","n":[1,2]}')],
    ['an array after JSON whitespace', json(' \r\n\t[1,{"a":null}]')],
    ['an empty body ({})', json('')],
    ['only whitespace (refused)', json('   ')],
    ['a number at the top (strict: refused)', json('123')],
    ['a string at the top (refused)', json('"text"')],
    ['broken JSON', json('{"title":')],
    ['a byte-order mark first', json(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]))],
    ['charset=utf-8, any case, quoted', json('{"a":2}', 'Application/JSON; charset="UTF-8"')],
    ['a body of exactly the limit', json(`{"a":"${'x'.repeat(JSON_BODY_LIMIT - 8)}"}`)],
  ];
  for (const [name, { headers, body }] of cases) {
    it(name, async () => {
      const [short, reference] = await Promise.all([send('/short', headers, body), send('/reference', headers, body)]);
      expect(short.read).toBe('short');
      expect({ status: short.status, body: short.body }).toEqual({ status: reference.status, body: reference.body });
    });
  }

  const passed: [string, { headers: Record<string, string>; body: Buffer | string }][] = [
    ['one byte over the limit (413 is body-parser’s)', json(`{"a":"${'x'.repeat(JSON_BODY_LIMIT - 7)}"}`)],
    ['another charset (415 is body-parser’s)', json('{"a":1}', 'application/json; charset=latin1')],
    ['another type', json('{"a":1}', 'text/plain')],
    ['a +json type', json('{"a":1}', 'application/merge-patch+json')],
    ['a compressed body', { headers: { ...json('{"a":1}').headers, 'content-encoding': 'gzip' }, body: '{"a":1}' }],
    [
      'no Content-Length (chunked)',
      { headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body: '{"a":1}' },
    ],
  ];
  for (const [name, { headers, body }] of passed) {
    it(`leaves to body-parser: ${name}`, async () => {
      expect((await send('/short', headers, body)).read).toBe('none');
    });
  }
});
