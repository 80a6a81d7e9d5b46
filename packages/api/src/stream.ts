import type { components, paths } from './generated/schema.ts';

type Schemas = components['schemas'];

/** The contract's event union (`x-events`) of each stream path. */
export interface StreamEvents {
  '/api/v1/users/me/stream': Schemas['UserStreamEvent'];
  '/api/v1/channels/{id}/stream': Schemas['ChannelStreamEvent'];
}
export type StreamPath = keyof StreamEvents & keyof paths;

/** One Server-Sent Event as it came off the wire. */
export interface RawEvent {
  event: string;
  data: string;
  id?: string;
}

export interface StreamHandlers<E> {
  /** A parsed event (its `data` JSON-decoded); events whose data is not JSON are skipped. */
  onEvent: (event: E) => void;
  /** The stream is open; `reconnected` after a drop (time to refetch what the stream may have missed). */
  onOpen?: (info: { reconnected: boolean }) => void;
  /** The stream dropped or could not open; it retries after `retryInMs`. */
  onDown?: (info: { status: number | null; retryInMs: number }) => void;
  /** The server refused the token (401): the stream stops for good. */
  onUnauthorized?: () => void;
}

export interface StreamOptions {
  baseUrl: string;
  getToken?: () => string | null | undefined;
  fetch?: typeof globalThis.fetch;
  /** Reconnect delays: `min * 2^attempt`, at most `max`, with up to 25 % jitter (default 1 s to 30 s). */
  backoffMs?: { min: number; max: number };
  /** Waits between reconnects (tests pass a fake). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Splits a text/event-stream into events (the WHATWG parsing rules, minus `retry:`, which the backoff replaces). */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  /** The last `id:` seen, for `Last-Event-ID`. */
  lastEventId: string | undefined;

  push(chunk: string): RawEvent[] {
    this.buffer += chunk;
    const out: RawEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone `\r` at the end may be the first half of `\r\n`: wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      if (line === '') {
        if (this.data.length > 0) {
          const event: RawEvent = { event: this.event || 'message', data: this.data.join('\n') };
          if (this.id !== undefined) event.id = this.id;
          out.push(event);
        }
        this.data = [];
        this.event = '';
        this.id = undefined;
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') this.data.push(value);
      else if (field === 'event') this.event = value;
      else if (field === 'id' && !value.includes('\0')) {
        this.id = value;
        this.lastEventId = value;
      }
    }
    return out;
  }
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Opens a contract stream with fetch and a streaming reader: the token goes in the Authorization
 * header (EventSource cannot send one), `Last-Event-ID` on every reconnect, and a dropped or
 * refused stream reconnects with exponential backoff (a 429's `Retry-After` is honoured). Returns
 * a function that closes it for good.
 */
export function openStream<P extends StreamPath>(
  options: StreamOptions,
  path: P,
  params: { path?: Record<string, string> },
  handlers: StreamHandlers<StreamEvents[P]>,
): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const doFetch = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const { min, max } = options.backoffMs ?? { min: 1000, max: 30_000 };
  const url =
    options.baseUrl.replace(/\/$/, '') +
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params.path?.[name] ?? ''));
  let lastEventId: string | undefined;

  const run = async () => {
    let attempt = 0;
    let opened = false;
    while (!signal.aborted) {
      let status: number | null = null;
      let retryAfterMs: number | undefined;
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        const token = options.getToken?.();
        if (token) headers.Authorization = `Bearer ${token}`;
        if (lastEventId) headers['Last-Event-ID'] = lastEventId;
        const response = await doFetch(url, { headers, signal, cache: 'no-store' });
        status = response.status;
        if (status === 401) {
          await response.body?.cancel();
          handlers.onUnauthorized?.();
          return;
        }
        if (status === 429) retryAfterMs = Number(response.headers.get('Retry-After') ?? '') * 1000 || undefined;
        if (response.ok && response.body) {
          handlers.onOpen?.({ reconnected: opened });
          opened = true;
          attempt = 0;
          const parser = new SseParser();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            for (const raw of parser.push(value)) {
              let data: unknown;
              try {
                data = JSON.parse(raw.data);
              } catch {
                continue;
              }
              handlers.onEvent({ event: raw.event, data, ...(raw.id ? { id: raw.id } : {}) } as StreamEvents[P]);
            }
            if (parser.lastEventId) lastEventId = parser.lastEventId;
          }
        } else {
          await response.body?.cancel();
        }
      } catch {
        // Network failure or abort: the loop decides.
      }
      if (signal.aborted) return;
      const backoff = Math.min(max, min * 2 ** attempt);
      const wait = retryAfterMs ?? Math.round(backoff * (1 + Math.random() * 0.25));
      attempt++;
      handlers.onDown?.({ status, retryInMs: wait });
      await sleep(wait, signal);
    }
  };
  void run();
  return () => controller.abort();
}
