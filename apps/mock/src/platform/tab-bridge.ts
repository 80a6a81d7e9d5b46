/**
 * The offline engine runs in the app's tab, and a service worker hands only that tab's requests to it:
 * the control panel, a page of its own, reaches it over a BroadcastChannel (same origin only, like the
 * `/__mock` guard) instead. The host tab answers each request with the engine; answers stream back in chunks,
 * so the journal's event stream works as over HTTP.
 */

/** The channel the app's tab (the host) and the panel talk on. */
export const TAB_BRIDGE = 'cohort-mock-engine';

type Ask =
  | { type: 'request'; id: string; method: string; url: string; headers: [string, string][]; body: string | null }
  | { type: 'cancel'; id: string };
type Answer =
  | { type: 'head'; id: string; host: string; status: number; headers: [string, string][] }
  | { type: 'chunk'; id: string; host: string; chunk: Uint8Array }
  | { type: 'end'; id: string; host: string }
  | { type: 'error'; id: string; host: string; message: string }
  /** The host tab is going away (a reload, a navigation): what it was answering ends. */
  | { type: 'bye'; id: ''; host: string };

const pairs = (headers: Headers): [string, string][] => {
  const out: [string, string][] = [];
  headers.forEach((value, name) => {
    out.push([name, value]);
  });
  return out;
};

const randomKey = () => Math.random().toString(36).slice(2) + Date.now().toString(36);

/** Answers the panel's requests in this tab with `handle`; returns a function that stops. */
export function serveTabBridge(handle: (request: Request) => Promise<Response>, name = TAB_BRIDGE): () => void {
  const channel = new BroadcastChannel(name);
  const host = randomKey();
  const open = new Map<string, ReadableStreamDefaultReader<Uint8Array>>();
  const post = (answer: Answer) => channel.postMessage(answer);
  channel.onmessage = async ({ data }: MessageEvent<Ask>) => {
    if (data.type === 'cancel') {
      void open.get(data.id)?.cancel();
      open.delete(data.id);
      return;
    }
    if (data.type !== 'request') return;
    const { id } = data;
    try {
      const request = new Request(new URL(data.url, location.origin), {
        method: data.method,
        headers: data.headers,
        ...(data.body === null ? {} : { body: data.body }),
      });
      const response = await handle(request);
      post({ type: 'head', id, host, status: response.status, headers: pairs(response.headers) });
      const reader = response.body?.getReader();
      if (!reader) return post({ type: 'end', id, host });
      open.set(id, reader);
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        post({ type: 'chunk', id, host, chunk: part.value });
      }
      open.delete(id);
      post({ type: 'end', id, host });
    } catch (error) {
      open.delete(id);
      post({ type: 'error', id, host, message: error instanceof Error ? error.message : String(error) });
    }
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    removeEventListener('pagehide', stop);
    for (const reader of open.values()) void reader.cancel();
    post({ type: 'bye', id: '', host });
    channel.close();
  };
  // A reload makes a new engine (and a new host); the panel's open streams must reconnect to it.
  addEventListener('pagehide', stop);
  return stop;
}

/**
 * A `fetch` that asks the tab running the engine over the bridge. The first tab to answer a request
 * answers it all (two open app tabs are two engines); none within `waitMs` is a network error.
 */
export function tabBridgeFetch(name = TAB_BRIDGE, waitMs = 4000): typeof fetch {
  const channel = new BroadcastChannel(name);
  const pending = new Map<
    string,
    {
      host?: string;
      resolve: (response: Response) => void;
      reject: (error: Error) => void;
      controller?: ReadableStreamDefaultController<Uint8Array>;
      timer: ReturnType<typeof setTimeout>;
    }
  >();
  channel.onmessage = ({ data }: MessageEvent<Answer>) => {
    if (data.type === 'bye') {
      for (const [id, entry] of pending) {
        if (entry.host !== data.host) continue;
        pending.delete(id);
        entry.controller?.error(new TypeError("The mock's tab went away."));
      }
      return;
    }
    const entry = pending.get(data.id);
    if (!entry || (entry.host !== undefined && entry.host !== data.host)) return;
    if (data.type === 'head') {
      if (entry.host !== undefined) return;
      entry.host = data.host;
      clearTimeout(entry.timer);
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          entry.controller = controller;
        },
        cancel: () => {
          pending.delete(data.id);
          channel.postMessage({ type: 'cancel', id: data.id } satisfies Ask);
        },
      });
      const empty = data.status === 204 || data.status === 304;
      entry.resolve(new Response(empty ? null : body, { status: data.status, headers: data.headers }));
    } else if (data.type === 'chunk') {
      entry.controller?.enqueue(data.chunk);
    } else if (data.type === 'end') {
      pending.delete(data.id);
      entry.controller?.close();
    } else {
      pending.delete(data.id);
      clearTimeout(entry.timer);
      const error = new TypeError(`The mock's tab failed this request: ${data.message}`);
      if (entry.controller) entry.controller.error(error);
      else entry.reject(error);
    }
  };
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    const id = randomKey();
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(
          new TypeError(
            'No tab runs the mock: open the demo app in another tab of this browser (its engine answers the panel).',
          ),
        );
      }, waitMs);
      pending.set(id, { resolve, reject, timer });
      request.signal.addEventListener('abort', () => {
        const entry = pending.get(id);
        pending.delete(id);
        clearTimeout(timer);
        channel.postMessage({ type: 'cancel', id } satisfies Ask);
        const error = new DOMException('The request was aborted.', 'AbortError');
        if (entry?.controller) entry.controller.error(error);
        else reject(error);
      });
      channel.postMessage({
        type: 'request',
        id,
        method: request.method,
        url: url.pathname + url.search,
        headers: pairs(request.headers),
        body,
      } satisfies Ask);
    });
  };
}
