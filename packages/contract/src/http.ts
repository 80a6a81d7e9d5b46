import type { Exchange, RequestRecord, ResponseRecord } from './types.ts';

/** A server that cannot be reached: the run stops with exit code 2 rather than reporting fails. */
export class ConnectionError extends Error {
  constructor(
    message: string,
    readonly request: RequestRecord,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}

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

  async send(options: SendOptions): Promise<Exchange> {
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
    try {
      res = await this.fetchImpl(request.url, {
        method: request.method,
        headers,
        ...(payload !== undefined ? { body: payload } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      const cause =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new ConnectionError(`${request.method} ${request.url}: ${cause}`, request);
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
