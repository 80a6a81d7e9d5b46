import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createMockServer, Store } from '@cohort/mock';
import { loadContract, type OpenApiDocument } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.ts';
import { cell, failuresOf } from './helpers.ts';
import { seeded, streamProxy } from './mock.ts';

// The real mock in-process, its keep-alive every 200 ms (the process's default is 15 s).
let server: Server;
let url = '';
beforeAll(async () => {
  const seed = { users: 60 };
  const app = createApp({
    store: new Store(seeded(seed)),
    options: {
      seededPasswordHash: 'unused: the run registers its own users',
      resetState: () => seeded(seed),
      keepAliveMs: 200,
      // Every run registers its users: more runs than the default 20 registrations per 10 minutes.
      authLimits: { registerPerAddress: 1000 },
    },
  });
  server = await new Promise<Server>((resolve) => {
    const s = createMockServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

const STREAMS = ['streamMe', 'streamChannel'];
const run = (baseUrl: string, contract?: OpenApiDocument) =>
  runConformance({
    baseUrl,
    include: 'all',
    operations: STREAMS,
    fuzz: 0,
    seed: 6,
    examples: false,
    streamWait: 1500,
    ...(contract ? { contract } : {}),
  });

const messages = (result: Awaited<ReturnType<typeof run>>, id: string) =>
  failuresOf(result, id, 'stream_conformance').map((f) => f.message);

describe('event streams against the real mock', () => {
  it('validates every provoked event, the keep-alive, the Last-Event-ID replay and the end on logout', async () => {
    const result = await run(url);
    expect(result.failures).toEqual([]);
    for (const id of STREAMS) expect(cell(result, id, 'stream_conformance'), id).toMatchObject({ status: 'pass' });
    expect(cell(result, 'streamMe', 'stream_conformance')?.runs).toBeGreaterThan(5);
  });
});

describe('a server that breaks one stream rule is caught', () => {
  const proxies: Server[] = [];
  afterAll(() => {
    for (const p of proxies) p.close();
  });
  const proxied = async (options: Parameters<typeof streamProxy>[1]) => {
    const proxy = await streamProxy(url, options);
    proxies.push(proxy.server);
    return proxy.url;
  };

  it('an event name the contract does not declare', async () => {
    const result = await run(await proxied({ chunk: (t) => t.replace(/^event: pin$/m, 'event: pinned') }));
    expect(messages(result, 'streamChannel')).toEqual(
      expect.arrayContaining([
        'event "pinned" is not declared in x-events',
        expect.stringMatching(/provoked a "pin" event/),
      ]),
    );
  });

  it('feed events (post, post_liked, comment, post_updated, story) are provoked: one dropped is named', async () => {
    const dropComment = (t: string) => t.replace(/event: comment\ndata: [^\n]*\n\n/g, '');
    const result = await run(await proxied({ chunk: dropComment }));
    expect(messages(result, 'streamMe')).toEqual([
      expect.stringMatching(/^provoked a "comment" event through the API/),
    ]);
    const renamed = await run(await proxied({ chunk: (t) => t.replace(/^event: story$/m, 'event: stories') }));
    expect(messages(renamed, 'streamMe')).toEqual(
      expect.arrayContaining([
        'event "stories" is not declared in x-events',
        expect.stringMatching(/provoked a "story" event/),
      ]),
    );
  });

  it('event data that does not match its schema', async () => {
    const result = await run(await proxied({ chunk: (t) => t.replace(/"channel_id":"chan_/g, '"channel_id":"room_') }));
    expect(messages(result, 'streamMe').some((m) => /^event "\w+" \/data\/channel_id/.test(m))).toBe(true);
  });

  it('no keep-alive within the declared interval', async () => {
    const doc = structuredClone(loadContract()) as OpenApiDocument;
    const media = doc.paths['/api/v1/users/me/stream']?.get?.responses['200'] as unknown as {
      content: Record<string, Record<string, unknown>>;
    };
    const stream = media.content['text/event-stream'];
    if (stream) stream['x-keep-alive-seconds'] = 0.5;
    const result = await run(await proxied({ chunk: (t) => t.replace(/^: keep-alive\r?\n\r?\n/gm, '') }), doc);
    expect(messages(result, 'streamMe')).toEqual(
      expect.arrayContaining([expect.stringMatching(/no keep-alive comment within the declared 0.5 s/)]),
    );
  });

  it('a reconnect whose Last-Event-ID is ignored', async () => {
    const result = await run(await proxied({ dropHeaders: ['last-event-id'] }));
    expect(messages(result, 'streamMe')).toEqual(
      expect.arrayContaining([expect.stringMatching(/Last-Event-ID .* did not replay message msg_/)]),
    );
  });

  it('a stream that stays open after its session logged out', async () => {
    const result = await run(await proxied({ keepOpen: true }));
    expect(messages(result, 'streamMe')).toEqual(
      expect.arrayContaining([expect.stringMatching(/still open 1500 ms after its session logged out/)]),
    );
  });
});
