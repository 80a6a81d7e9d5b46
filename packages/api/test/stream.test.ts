import { describe, expect, it } from 'vitest';
import { createCohortClient, SseParser } from '../src/index.ts';

describe('SseParser', () => {
  it.each([
    ['one event', ['event: pin\ndata: {"a":1}\n\n'], [{ event: 'pin', data: '{"a":1}' }]],
    ['split anywhere', ['eve', 'nt: x\nda', 'ta: 1\n', '\n'], [{ event: 'x', data: '1' }]],
    ['CRLF line ends, split between CR and LF', ['event: x\r', '\ndata: 1\r\n\r\n'], [{ event: 'x', data: '1' }]],
    [
      'comments skipped, no event name means message',
      [': keep-alive\n\ndata: 2\n\n'],
      [{ event: 'message', data: '2' }],
    ],
    ['multi-line data joined by newlines', ['data: a\ndata: b\n\n'], [{ event: 'message', data: 'a\nb' }]],
    ['an id is kept', ['event: message\nid: msg_1\ndata: {}\n\n'], [{ event: 'message', data: '{}', id: 'msg_1' }]],
    ['an event without data is dropped', ['event: x\n\n'], []],
  ])('%s', (_name, chunks, want) => {
    const parser = new SseParser();
    expect(chunks.flatMap((c) => parser.push(c))).toEqual(want);
  });
});

/** A fetch whose answers come from a list: each a status and the SSE text chunks it sends before ending. */
function streamingFetch(answers: { status: number; chunks?: string[]; headers?: Record<string, string> }[]) {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const answer = answers.shift() ?? { status: 200, chunks: [] };
    if (answer.status !== 200) {
      return new Response(JSON.stringify({ success: false, message: 'no' }), {
        status: answer.status,
        headers: answer.headers ?? {},
      });
    }
    const chunks = [...(answer.chunks ?? [])];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('client.stream', () => {
  it('sends the token in the header, parses typed events, and reconnects with Last-Event-ID and backoff', async () => {
    const { fetch, requests } = streamingFetch([
      {
        status: 200,
        chunks: [
          'retry: 3000\n\nevent: message\nid: msg_aaaaaaaaaaaaaaaa\ndata: {"channel_id":"chan_1","message":{},"unread_count":2}\n\n',
        ],
      },
      { status: 503 },
      { status: 200, chunks: ['event: pin\ndata: {"channel_id":"chan_1","message":null}\n\n'] },
    ]);
    const waits: number[] = [];
    const api = createCohortClient({ baseUrl: 'http://api.test/', getToken: () => 'tok-1', fetch });
    const events: unknown[] = [];
    const opened: boolean[] = [];
    const close = api.stream(
      '/api/v1/users/me/stream',
      {},
      { onEvent: (e) => events.push(e), onOpen: ({ reconnected }) => opened.push(reconnected) },
      {
        backoffMs: { min: 100, max: 1000 },
        sleep: (ms) => {
          waits.push(ms);
          return new Promise((r) => setTimeout(r, 1));
        },
      },
    );
    await until(() => events.length === 2);
    close();
    expect(events).toEqual([
      { event: 'message', id: 'msg_aaaaaaaaaaaaaaaa', data: { channel_id: 'chan_1', message: {}, unread_count: 2 } },
      { event: 'pin', data: { channel_id: 'chan_1', message: null } },
    ]);
    expect(requests[0]?.url).toBe('http://api.test/api/v1/users/me/stream');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok-1');
    expect(requests[0]?.headers.get('last-event-id')).toBeNull();
    expect(requests[1]?.headers.get('last-event-id')).toBe('msg_aaaaaaaaaaaaaaaa');
    expect(requests[2]?.headers.get('last-event-id')).toBe('msg_aaaaaaaaaaaaaaaa');
    // Backoff grows after each failure in a row: 100 ms, then 200 ms (plus up to 25 % jitter).
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[0]).toBeLessThanOrEqual(125);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
    expect(waits[1]).toBeLessThanOrEqual(250);
    expect(opened.slice(0, 2)).toEqual([false, true]);
  });

  it('fills in path parameters, honours a 429 Retry-After, and stops at a 401 (ending the session)', async () => {
    const { fetch, requests } = streamingFetch([{ status: 429, headers: { 'Retry-After': '5' } }, { status: 401 }]);
    const waits: number[] = [];
    const ended: unknown[] = [];
    let stopped = false;
    const api = createCohortClient({
      baseUrl: 'http://api.test',
      getToken: () => 'tok-1',
      fetch,
      onUnauthorized: (e) => ended.push(e.status),
    });
    api.stream(
      '/api/v1/channels/{id}/stream',
      { path: { id: 'chan/x' } },
      { onEvent: () => {}, onUnauthorized: () => (stopped = true) },
      {
        sleep: (ms) => {
          waits.push(ms);
          return new Promise((r) => setTimeout(r, 1));
        },
      },
    );
    await until(() => stopped);
    expect(requests[0]?.url).toBe('http://api.test/api/v1/channels/chan%2Fx/stream');
    expect(waits).toEqual([5000]);
    expect(requests).toHaveLength(2);
    expect(ended).toEqual([401]);
  });
});
