import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../src/adapters/server.ts';

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('createMockServer', () => {
  it('builds requests and responses with Express prototypes, so Express never swaps them', async () => {
    const app = express();
    app.get('/hello/:name', (req, res) => {
      res.status(201).json({ hello: req.params.name, query: req.query.q });
    });
    const server = createMockServer(app);
    let seen: { req: unknown; res: unknown } | undefined;
    // Runs before Express does (its listener is the first one), so it sees what node:http built.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      seen = { req: Object.getPrototypeOf(req), res: Object.getPrototypeOf(res) };
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => server.close();

    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/hello/ada?q=1`);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ hello: 'ada', query: '1' });
    expect(seen?.req).toBe(app.request);
    expect(seen?.res).toBe(app.response);
  });
});
