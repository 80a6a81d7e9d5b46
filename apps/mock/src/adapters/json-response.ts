import { hash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fresh from 'fresh';
import { isLasting } from '../engine/lasting.ts';
import { revalidatable, weakTag } from '../lib/http.ts';
import { takeOwedHeaders } from './owed-headers.ts';

export { lastingOk } from '../engine/lasting.ts';

/**
 * Express's default ETag, byte for byte (the `etag` package's weak tag: body length in hex and the
 * first 27 characters of its base64 SHA-1), from node's one-shot `crypto.hash`, which skips the
 * Hash object Express creates per response. A UTF-8 string is hashed as it is (no Buffer copy).
 */
export function weakEtag(body: Buffer | string, encoding?: BufferEncoding): string {
  if (typeof body === 'string' && (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8')) {
    return weakTag(Buffer.byteLength(body), hash('sha1', body, 'base64'));
  }
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  return weakTag(bytes.length, hash('sha1', bytes, 'base64'));
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Each lasting envelope's JSON and ETag, made the first time it is sent. */
const serialized = new WeakMap<object, { json: string; tag: string }>();

/**
 * Writes a JSON answer in one step: the status line with every header in one flat list (those the
 * response owes, see `oweHeaders`, then `headers`, which win over them, then Content-Type and
 * Content-Length), and the body as one string with them (one socket write). A read (GET or HEAD,
 * answered 2xx) carries the ETag Express would give it, and a conditional read whose ETag still
 * matches is a 304, as Express's `res.json` answers (its `fresh` test); nothing else carries an
 * ETag, since only a read can be revalidated. A lasting envelope (see `lastingOk`) is serialized
 * and tagged once, however often it is sent.
 */
export function writeJson(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown): void {
  const { method } = res.req;
  const read = revalidatable(method ?? '', status);
  const lasting = isLasting(body);
  const memo = lasting ? serialized.get(body) : undefined;
  const json = memo?.json ?? JSON.stringify(body) ?? 'null';
  const flat = withHeaders(takeOwedHeaders(res), headers);
  if (read) {
    let tag = memo?.tag;
    if (!tag) {
      tag = weakEtag(json);
      if (lasting) serialized.set(body, { json, tag });
    }
    flat.push('ETag', tag);
    if (fresh(res.req.headers, { etag: tag })) {
      res.writeHead(304, flat);
      res.end();
      return;
    }
  }
  if (status === 204 || status === 205 || status === 304) {
    res.writeHead(status, flat);
    res.end();
    return;
  }
  flat.push('Content-Type', JSON_TYPE, 'Content-Length', String(Buffer.byteLength(json)));
  res.writeHead(status, flat);
  if (method === 'HEAD') res.end();
  else res.end(json, 'utf8');
}

/** The owed headers (but those `headers` name too, in any case) and then `headers`, as one new flat list. */
function withHeaders(owed: readonly string[] | undefined, headers: Record<string, string>): string[] {
  const names = Object.keys(headers);
  const flat: string[] = [];
  if (owed) {
    if (names.length === 0) flat.push(...owed);
    else {
      const named = new Set(names.map((name) => name.toLowerCase()));
      for (let at = 0; at < owed.length; at += 2) {
        const name = owed[at] as string;
        if (!named.has(name.toLowerCase())) flat.push(name, owed[at + 1] as string);
      }
    }
  }
  for (const name of names) flat.push(name, String(headers[name]));
  return flat;
}
