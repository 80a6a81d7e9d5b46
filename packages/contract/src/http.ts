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

/** How long to listen to a stream (`text/event-stream`) before closing it: the first events suffice. */
const STREAM_LISTEN_MS = 300;

export interface SendOptions {
  method: string;
  path: string;
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  token?: string;
  body?: unknown;
  /** Send this text verbatim as the body (for malformed-JSON probes). */
  rawBody?: string;
}

export class HttpClient {
  requests = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch,
    private readonly timeoutMs: number,
  ) {}

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
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const request: RequestRecord = {
      method: options.method.toUpperCase(),
      url: this.url(options.path, options.query),
      headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.rawBody !== undefined ? { rawBody: options.rawBody } : {}),
    };
    this.requests++;
    const started = performance.now();
    let res: Response;
    let text: string;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error('timeout')), this.timeoutMs);
    try {
      res = await this.fetchImpl(request.url, {
        method: request.method,
        headers,
        ...(payload !== undefined ? { body: payload } : {}),
        signal: abort.signal,
        // A redirect (e.g. to a login page) is an answer to judge, not something to follow.
        redirect: 'manual',
      });
      text = /^text\/event-stream/i.test(res.headers.get('content-type') ?? '')
        ? await readStream(res)
        : await res.text();
    } catch (error) {
      if (abort.signal.aborted) {
        throw new TimeoutError(`${request.method} ${request.url}: no answer within ${this.timeoutMs} ms`, request);
      }
      const inner = error instanceof Error ? (error.cause as (Error & { code?: string }) | undefined) : undefined;
      const cause = inner?.message ?? (error instanceof Error ? error.message : String(error));
      const closed = inner?.code === 'UND_ERR_SOCKET' || inner?.code === 'ECONNRESET';
      throw new ConnectionError(`${request.method} ${request.url}: ${cause}`, request, closed);
    } finally {
      clearTimeout(timer);
    }
    const contentType = res.headers.get('content-type') ?? '';
    let json: unknown;
    if (text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const response: ResponseRecord = {
      status: res.status,
      contentType,
      headers: Object.fromEntries(res.headers.entries()),
      ...(json !== undefined ? { json } : {}),
      text,
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
    while (Date.now() < deadline) {
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
