import { afterEach, expect } from 'vitest';
import { validateSchema } from './helpers.ts';

export interface Received {
  event: string;
  id?: string;
  data: unknown;
}

/**
 * `streamMe` read the way the web app reads it: fetch with the bearer header and a streaming
 * reader, parsing SSE frames; every event is checked against the contract's `UserStreamEvent`.
 */
export async function openUserStream(baseUrl: string, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/users/me/stream`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: controller.signal,
  });
  const events: Received[] = [];
  const problems: string[] = [];
  let ended = false;
  const done = (async () => {
    if (res.status !== 200) return;
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          const event = fields.get('event');
          if (!event) continue;
          const got: Received = { event, data: JSON.parse(fields.get('data') ?? 'null') };
          const id = fields.get('id');
          if (id) got.id = id;
          problems.push(...validateSchema('UserStreamEvent', got));
          events.push(got);
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return { res, events, problems, done, ended: () => ended, close: () => controller.abort() };
}

export type Stream = Awaited<ReturnType<typeof openUserStream>>;

export async function waitFor(stream: Stream, match: (e: Received) => boolean, ms = 3000): Promise<Received> {
  const until = Date.now() + ms;
  for (;;) {
    const found = stream.events.find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no matching event in ${ms} ms; got ${JSON.stringify(stream.events)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Opens user streams for a test file and, after each test, checks that every event they carried
 * matched `UserStreamEvent`, then closes them.
 */
export function userStreams(): (baseUrl: string, token: string) => Promise<Stream> {
  const open: Stream[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) {
      expect(s.problems, 'events that do not match UserStreamEvent').toEqual([]);
      s.close();
    }
  });
  return async (baseUrl, token) => {
    const stream = await openUserStream(baseUrl, token);
    open.push(stream);
    return stream;
  };
}
