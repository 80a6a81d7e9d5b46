/**
 * An injected fetch that answers like the contract says, from a table of handlers: component tests
 * exercise the real client, middleware and atoms without a network. Every request is recorded.
 */
export interface Recorded {
  method: string;
  path: string;
  search: string;
  body: unknown;
  authorization: string | null;
}

export type Handler = (
  req: Recorded,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export const BASE_URL = 'http://cohort.test';

export function envelope<T>(data: T, message = 'OK') {
  return { success: true, message, data };
}

export function errorBody(message: string, errors?: Record<string, string[]>) {
  return { success: false, message, ...(errors ? { errors } : {}) };
}

/** Answers every screen needs whatever the test is about (a test's own handler wins). */
const DEFAULT_HANDLERS: Record<string, Handler> = {};

/** An event stream the app opened (GET …/stream without a handler): the test sends events or drops it. */
export interface FakeStream {
  path: string;
  authorization: string | null;
  lastEventId: string | null;
  /** Sends one SSE event. */
  send: (event: string, data: unknown, id?: string) => void;
  /** Ends the response, as a server restart would: the app reconnects. */
  drop: () => void;
  closed: () => boolean;
}

export function createFakeApi(ownHandlers: Record<string, Handler>) {
  const handlers = { ...DEFAULT_HANDLERS, ...ownHandlers };
  const calls: Recorded[] = [];
  const streams: FakeStream[] = [];
  const openStream = (request: Request, path: string): Response => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      try {
        controller.close();
      } catch {
        // already cancelled by the reader
      }
    };
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
      cancel() {
        closed = true;
      },
    });
    request.signal.addEventListener('abort', close);
    streams.push({
      path,
      authorization: request.headers.get('Authorization'),
      lastEventId: request.headers.get('Last-Event-ID'),
      send: (event, data, id) => {
        if (closed) return;
        const text = `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
        controller.enqueue(new TextEncoder().encode(text));
      },
      drop: close,
      closed: () => closed,
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const own = handlers[`${request.method} ${url.pathname}`];
    if (request.method === 'GET' && url.pathname.endsWith('/stream') && !own) {
      calls.push({
        method: 'GET',
        path: url.pathname,
        search: url.search,
        body: undefined,
        authorization: request.headers.get('Authorization'),
      });
      return openStream(request, url.pathname);
    }
    const text = await request.text();
    const rec: Recorded = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('Authorization'),
    };
    calls.push(rec);
    const key = `${rec.method} ${rec.path}`;
    const handler =
      handlers[key] ??
      Object.entries(handlers).find(([pattern]) =>
        new RegExp(`^${pattern.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(key),
      )?.[1];
    const answer = handler ? await handler(rec) : { status: 404, body: errorBody(`No fake handler for ${key}`) };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, calls, streams };
}

export const demoUser = {
  id: 'usr_demo0000000000000',
  email: 'demo@cohort.test',
  first_name: 'Dana',
  last_name: 'Okafor',
  profile_image: null,
  description: 'MBA candidate.',
  phone: '+1 650 555 0142',
  program: 'MBA',
  university: 'Stanford University',
  graduation_year: 2026,
  emails: [],
  created_at: '2025-09-01T09:30:00.000Z',
  updated_at: '2026-10-12T17:04:51.000Z',
};

export const TOKEN = 'tok_0123456789abcdef0123456789abcdef';

export function resourcePage(names: string[]) {
  return envelope({
    data: names.map((name, i) => ({ id: i + 1, name })),
    current_page: 1,
    per_page: 100,
    total: names.length,
    last_page: 1,
  });
}
