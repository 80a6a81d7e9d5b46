/** The largest JSON body the mock reads (`express.json({ limit })` and the fetch adapter alike); larger is a 413. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** JSON's own whitespace, as body-parser's strict check skips it. */
const LEADING_WHITESPACE = /^[ \t\n\r]*/;

/** An error shaped as body-parser's, so `HttpError.from` answers it as it answers theirs. */
export const parserError = (type: string, status: number, message: string = type) =>
  Object.assign(new Error(message), { type, status, expose: true });

/**
 * Parses a JSON body as body-parser's strict `json()` does: an empty body is `{}`, anything but an
 * object or array at the top (a body of only whitespace too) is refused, a byte-order mark is dropped.
 * Every adapter reads bodies through this, so Express, msw and `handle()` answer alike.
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

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * A body already read, as the JSON parser reads one: `undefined` when it is not sent as JSON (by
 * its `Content-Type`), a 415 for another charset than UTF-8, a 413 past the limit.
 */
export function jsonOfBytes(contentType: string, body: Uint8Array): unknown {
  if (!JSON_TYPE.test(contentType)) return undefined;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw parserError('charset.unsupported', 415);
  if (body.length > JSON_BODY_LIMIT) throw parserError('entity.too.large', 413);
  return parseJsonText(new TextDecoder().decode(body));
}
