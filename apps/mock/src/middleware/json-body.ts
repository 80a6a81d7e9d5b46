import type { IncomingMessage } from 'node:http';

/** What the mock's `express.json({ limit: '1mb' })` accepts; a larger body is its 413. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The one `Content-Type` the short path reads: JSON, in UTF-8 or without a charset. */
const PLAIN_JSON = /^application\/json(?:\s*;\s*charset="?utf-8"?)?\s*$/i;
/** JSON's own whitespace, as body-parser's strict check skips it. */
const LEADING_WHITESPACE = /^[ \t\n\r]*/;

/** An error shaped as body-parser's, so `HttpError.from` answers it as it answers theirs. */
const parserError = (type: string, status: number, message: string) =>
  Object.assign(new Error(message), { type, status, expose: true });

/**
 * Parses a JSON body as body-parser's strict `json()` does: an empty body is `{}`, anything but an
 * object or array at the top is refused, a byte-order mark is dropped.
 */
export function parseJsonText(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.length === 0) return {};
  const first = body[0] === '{' || body[0] === '[' ? body[0] : body[LEADING_WHITESPACE.exec(body)?.[0].length ?? 0];
  if (first !== '{' && first !== '[') throw parserError('entity.parse.failed', 400, 'strict violation');
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    throw parserError('entity.parse.failed', 400, error instanceof Error ? error.message : 'invalid JSON');
  }
}

/**
 * The JSON body of the common request, read straight off the socket: a `Content-Length` within
 * the limit, `Content-Type: application/json` (UTF-8 or no charset), no `Content-Encoding`. That is
 * what body-parser would accept, read without its per-request machinery (a type matcher, a charset
 * decoder, a listener set), a tenth of a write's time here. Returns undefined for anything else
 * (compressed, chunked, another charset or type, too large, already read): body-parser reads that,
 * so every refusal (413, 415, the encodings it inflates) stays exactly its own.
 */
export function readPlainJson(req: IncomingMessage, limit = JSON_BODY_LIMIT): Promise<unknown> | undefined {
  const { headers } = req;
  const type = headers['content-type'];
  const declared = headers['content-length'];
  if (
    type === undefined ||
    declared === undefined ||
    headers['content-encoding'] !== undefined ||
    headers['transfer-encoding'] !== undefined ||
    req.readableEnded ||
    (req as { _body?: boolean })._body === true ||
    !PLAIN_JSON.test(type)
  )
    return undefined;
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length < 0 || length > limit) return undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const done = (error: Error | undefined) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) reject(error);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    };
    const onEnd = () => {
      done(undefined);
      (req as { _body?: boolean })._body = true;
      try {
        const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received);
        const body = parseJsonText(bytes.toString('utf8'));
        (req as { body?: unknown }).body = body;
        resolve(body);
      } catch (error) {
        reject(error);
      }
    };
    const onError = (error: Error) => done(Object.assign(error, { type: 'request.aborted', status: 400 }));
    // The client went away before the whole body came (node's parser keeps to Content-Length).
    const onClose = () => {
      if (!req.readableEnded) done(parserError('request.aborted', 400, 'request aborted'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
