import http from 'node:http';
import https from 'node:https';
import type { Exchange, RequestRecord, ResponseRecord } from './types.ts';

/** A server that cannot be reached: the run stops with exit code 2 rather than reporting fails. */
export class ConnectionError extends Error {
  constructor(
    message: string,
    readonly request: RequestRecord,
    /** The connection was closed under the request (worth one retry), as opposed to refused. */
    readonly socketClosed = false,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}

/** One request that got no answer in time: a finding about that operation, not the end of the run. */
export class TimeoutError extends ConnectionError {
  constructor(message: string, request: RequestRecord) {
    super(message, request);
    this.name = 'TimeoutError';
  }
}

/**
 * How long to listen to a stream (`text/event-stream`) at most before closing it. The first event
 * suffices: once a complete event block (or comment, or `retry:` line) has arrived the stream is
 * closed at once, so a call to a stream costs a round trip, not this whole window.
 */
const STREAM_LISTEN_MS = 300;

/** The text holds a complete SSE block: a line of its own ended by a blank line. */
const hasFirstEvent = (text: string) => /\r?\n\r?\n/.test(text);

export interface SendOptions {
  method: string;
  path: string;
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  token?: string;
  body?: unknown;
  /** Send this text verbatim as the body (for malformed-JSON probes). */
  rawBody?: string;
  /** Send these bytes as the body, with the `content-type` given in `headers` (multipart uploads). */
  binaryBody?: Uint8Array;
  /** Extra request headers (lower case), e.g. `if-none-match` for a conditional GET. */
  headers?: Record<string, string>;
}

/** What a transport gets back: the status, lower-cased headers and the body as text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs: number;
}

/** Sends one request; throws `TimeoutError` or `ConnectionError`, never for an HTTP status. */
export type Transport = ((request: RawRequest, record: RequestRecord) => Promise<RawResponse>) & {
  close?: () => void;
};

const isStream = (contentType: string | undefined) => /^text\/event-stream/i.test(contentType ?? '');

/**
 * The default transport: node:http(s) with kept-alive connections. It costs a third of the CPU of
 * `fetch` per request, which is most of the checker's own time against a local server.
 */
export function nodeTransport(): Transport {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const send: Transport = (req, record) =>
    new Promise<RawResponse>((resolve, reject) => {
      const url = new URL(req.url);
      const secure = url.protocol === 'https:';
      let timedOut = false;
      const outgoing = (secure ? https : http).request(
        url,
        { method: req.method, headers: req.headers, agent: secure ? agents.https : agents.http },
        (res) => {
          const headers: Record<string, string> = {};
          for (const [key, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value;
          }
          let text = '';
          const stream = isStream(headers['content-type']);
          let listen: NodeJS.Timeout | undefined;
          res.setEncoding('utf8');
          const done = () => {
            clearTimeout(timer);
            clearTimeout(listen);
            resolve({ status: res.statusCode ?? 0, headers, text });
          };
          // A stream never ends: keep its first event (or what its first moments sent), then close it.
          // Settled first: closing from inside a 'data' event can make the request emit 'socket hang up'.
          const closeStream = () => {
            done();
            res.removeAllListeners('end');
            res.removeAllListeners('data');
            res.destroy();
          };
          res.on('data', (chunk: string) => {
            text += chunk;
            if (stream && hasFirstEvent(text)) closeStream();
          });
          res.on('end', done);
          res.on('error', (error) => (timedOut ? undefined : reject(connectionError(record, error))));
          if (stream) listen = setTimeout(closeStream, STREAM_LISTEN_MS);
        },
      );
      const timer = setTimeout(() => {
        timedOut = true;
        outgoing.destroy();
        reject(new TimeoutError(`${record.method} ${record.url}: no answer within ${req.timeoutMs} ms`, record));
      }, req.timeoutMs);
      outgoing.on('error', (error) => {
        clearTimeout(timer);
        if (!timedOut) reject(connectionError(record, error));
      });
      outgoing.end(req.body);
    });
  send.close = () => {
    agents.http.destroy();
    agents.https.destroy();
  };
  return send;
}

function connectionError(record: RequestRecord, error: Error & { code?: string }): ConnectionError {
  const closed = error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.code === 'UND_ERR_SOCKET';
  return new ConnectionError(`${record.method} ${record.url}: ${error.message}`, record, closed);
}

/** A transport over an injected `fetch` (tests, other runtimes). */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (req, record) => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error('timeout')), req.timeoutMs);
    try {
      const res = await fetchImpl(req.url, {
        method: req.method,
        headers: req.headers,
        ...(req.body !== undefined ? { body: req.body as BodyInit } : {}),
        signal: abort.signal,
        // A redirect (e.g. to a login page) is an answer to judge, not something to follow.
        redirect: 'manual',
      });
      const text = isStream(res.headers.get('content-type') ?? '') ? await readStream(res) : await res.text();
      return { status: res.status, headers: Object.fromEntries(res.headers.entries()), text };
    } catch (error) {
      if (abort.signal.aborted) {
        throw new TimeoutError(`${record.method} ${record.url}: no answer within ${req.timeoutMs} ms`, record);
      }
      const inner = error instanceof Error ? (error.cause as (Error & { code?: string }) | undefined) : undefined;
      throw connectionError(record, inner ?? (error as Error));
    } finally {
      clearTimeout(timer);
    }
  };
}

export class HttpClient {
  requests = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly transport: Transport,
    readonly timeoutMs: number,
  ) {}

  close(): void {
    this.transport.close?.();
  }

  url(path: string, query?: SendOptions['query']): string {
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, String(v));
      else url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  /**
   * Sends once more when the socket closed before any answer: a keep-alive connection the server
   * had just closed, not a verdict on the server. Timeouts and refusals are not retried.
   */
  async send(options: SendOptions): Promise<Exchange> {
    try {
      return await this.sendOnce(options);
    } catch (error) {
      if (error instanceof TimeoutError || !(error instanceof ConnectionError) || !error.socketClosed) throw error;
      return this.sendOnce(options);
    }
  }

  private async sendOnce(options: SendOptions): Promise<Exchange> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let payload: string | Uint8Array | undefined;
    if (options.binaryBody !== undefined) payload = options.binaryBody;
    else if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    const request: RequestRecord = {
      method: options.method.toUpperCase(),
      url: this.url(options.path, options.query),
      headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.rawBody !== undefined ? { rawBody: options.rawBody } : {}),
      // The bytes of an upload are not repeated in a report; their size and type are.
      ...(options.binaryBody !== undefined
        ? { rawBody: `(${options.binaryBody.length} bytes of ${headers['content-type'] ?? 'binary data'})` }
        : {}),
    };
    this.requests++;
    const started = performance.now();
    const raw = await this.transport(
      {
        method: request.method,
        url: request.url,
        headers,
        ...(payload !== undefined ? { body: payload } : {}),
        timeoutMs: this.timeoutMs,
      },
      request,
    );
    let json: unknown;
    if (raw.text.length > 0) {
      try {
        json = JSON.parse(raw.text);
      } catch {
        json = undefined;
      }
    }
    const response: ResponseRecord = {
      status: raw.status,
      contentType: raw.headers['content-type'] ?? '',
      headers: raw.headers,
      ...(json !== undefined ? { json } : {}),
      text: raw.text,
      durationMs: performance.now() - started,
    };
    return { request, response };
  }
}

/** Reads what a never-ending stream sends in its first moments, then closes it. */
async function readStream(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + STREAM_LISTEN_MS;
  try {
    while (Date.now() < deadline && !hasFirstEvent(text)) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<undefined>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
      ]);
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    // Cancelling closes the connection.
    await reader.cancel().catch(() => undefined);
  }
  return text;
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A curl command that repeats the request (the token is kept: it belongs to a throwaway user). */
export function toCurl(request: RequestRecord): string {
  const parts = ['curl', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [key, value] of Object.entries(request.headers)) {
    if (key === 'accept') continue;
    parts.push('-H', shellQuote(`${key}: ${value}`));
  }
  const body = request.rawBody ?? (request.body !== undefined ? JSON.stringify(request.body) : undefined);
  if (body !== undefined) parts.push('--data-raw', shellQuote(body));
  return parts.join(' ');
}

export function excerpt(text: string, max = 600): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}
