import type { AddressInfo } from 'node:net';
import type { OpenApiDocument } from '@cohort/openapi';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { exitCode, runConformance } from '../src/index.ts';
import { cell } from './helpers.ts';

/** Answers the transport can get wrong: a request that hangs, a stream that never ends, a non-JSON 500. */
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'transport', version: '1' },
  paths: {
    '/slow': {
      get: {
        operationId: 'slow',
        security: [],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/events': {
      get: {
        operationId: 'events',
        security: [],
        responses: {
          '200': { description: 'stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
        },
      },
    },
    '/redirect': {
      get: {
        operationId: 'redirect',
        security: [],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/crash': {
      get: {
        operationId: 'crash',
        security: [],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: { schemas: {} },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(): Promise<string> {
  const app = express();
  app.get('/slow', () => {
    // Never answers.
  });
  app.get('/events', (_req, res) => {
    res.set('Content-Type', 'text/event-stream').flushHeaders();
    res.write('event: presence\ndata: {"online_count":1}\n\n');
    // Stays open, as a stream does.
  });
  app.get('/redirect', (_req, res) => {
    res.redirect(302, '/login-page');
  });
  app.get('/login-page', (_req, res) => {
    res.json({ page: 'login' });
  });
  app.get('/crash', (_req, res) => {
    res.status(500).type('text').send('Error: boom\n    at handler (/srv/app.js:1:1)');
  });
  app.all(['/slow', '/events', '/crash', '/redirect'], (_req, res) => {
    res.set('Allow', 'GET').status(405).json({ success: false, message: 'no' });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe.each([
  ['node:http (default)', undefined],
  ['an injected fetch', fetch],
])('transport over %s', (_name, fetchImpl) => {
  it('reports a hanging request on its operation and carries on', async () => {
    const result = await runConformance({
      baseUrl: await start(),
      contract: doc,
      fuzz: 0,
      // Long enough that the answers that do come are never cut off while another file's run keeps
      // both cores busy; short enough that the hanging one costs little.
      timeout: 2000,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
    expect(result.errors).toEqual([]);
    const slow = result.failures.find((f) => f.operationId === 'slow' && f.code === 'not_a_server_error');
    expect(slow?.message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/slow: no answer within 2000 ms/);
    expect(slow?.curl).toMatch(/^curl -i -X GET/);
    // The stream was read briefly and closed, and judged by its documented media type.
    expect(cell(result, 'events', 'content_type_conformance')?.status).toBe('pass');
    expect(cell(result, 'events', 'not_a_server_error')?.status).toBe('pass');
    // A stack trace in a text 500 is a server error and a non-JSON body.
    expect(cell(result, 'crash', 'not_a_server_error')?.status).toBe('fail');
    expect(cell(result, 'crash', 'status_code_conformance')?.status).toBe('fail');
    expect(result.failures.map((f) => f.message)).toContain('the 500 error body is text/plain, not JSON');
    // A redirect is judged as it is, not followed to a page that happens to answer 200.
    expect(result.failures.map((f) => f.message)).toContain(
      'status 302 is not documented for redirect (documented: 200)',
    );
    expect(exitCode(result)).toBe(1);
  });
});
