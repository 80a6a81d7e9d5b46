/**
 * The engine's own request and answer: plain data, no framework. Each adapter (Express, fetch,
 * msw) turns its request into an `EngineRequest` and the `EngineReply` back into its answer.
 */

/** The headers every answer carries: no MIME sniffing, no referrer leaking a URL, no framing (`/docs` holds a token in the page). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
});

/**
 * Whether an answer can be revalidated, and so carries an ETag (a conditional request may then get
 * a 304): a read (GET or HEAD) answered 2xx. Both adapters tag by this one rule.
 */
export function revalidatable(method: string, status: number): boolean {
  return (method === 'GET' || method === 'HEAD') && status >= 200 && status < 300;
}

/**
 * Express's weak ETag (the `etag` package's), the one both adapters send: the body's length in
 * bytes, in hex, and the first 27 characters of its SHA-1 in base64.
 */
export function weakTag(byteLength: number, sha1Base64: string): string {
  return `W/"${byteLength.toString(16)}-${sha1Base64.slice(0, 27)}"`;
}

/** Request headers as node:http gives them: lower-case names. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** An open event stream: what the hub writes to, whatever carries it. */
export interface StreamSink {
  /** Sends the status and headers (before the first write). */
  start(status: number, headers: Record<string, string>): void;
  write(text: string): void;
  end(): void;
  /** Called once when the client goes away (or `end()` ran). */
  onClose(listener: () => void): void;
}

export interface EngineRequest {
  /** Upper-case. */
  readonly method: string;
  /** The path as sent, without the query. */
  readonly path: string;
  /** Path and query as sent (the journal and the request log show it). */
  readonly url: string;
  /** Parsed as Express's simple parser does: a repeated name is an array. */
  readonly query: Record<string, unknown>;
  readonly headers: RequestHeaders;
  /** Who is asking, as rate limits count it (an address; IPv6 by its /56). */
  readonly clientKey: string;
  /** Whether a body was sent (a `Content-Length` or `Transfer-Encoding`). */
  readonly hasBody: boolean;
  /**
   * The JSON body, parsed as `express.json({ limit: '1mb' })` would: `undefined` when it is not
   * sent as JSON; throws (an `HttpError` or a body-parser error) when it cannot be read.
   */
  readJson(): Promise<unknown>;
  /** The raw body, for uploads (the media platform reads it). */
  readBytes(): Promise<Uint8Array<ArrayBuffer>>;
  /** Opens the event stream this request will be answered with. */
  openStream(): StreamSink;
  /** The adapter's own request object, for a platform that needs it (the Node upload reads the Express request). */
  readonly native?: unknown;
}

export type EngineReply =
  | { kind: 'json'; status: number; headers: Record<string, string>; body: unknown }
  | { kind: 'empty'; status: number; headers: Record<string, string> }
  /** The answer is the stream the handler opened (`openStream()`); it carries its own status. */
  | { kind: 'stream'; status: number; headers: Record<string, string>; sink: StreamSink };

/** The first value of a request header. */
export function headerOf(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** What a guard (a rate limit) sees of a request: it runs after validation, before the handler. */
export interface GuardCall {
  readonly req: EngineRequest;
  /** The signed-in user of a secured operation: limits count per user, so a fresh sign-in starts no fresh window. */
  readonly userId?: string;
  /** The JSON body as sent. */
  readonly body: unknown;
  setHeader(name: string, value: string): void;
}

/**
 * Throws to refuse the request (a 429); may return what to do once the answer's status is known
 * (a limit that counts failed attempts only takes its hit back on success).
 */
export type Guard = (call: GuardCall) => ((status: number) => void) | undefined;
