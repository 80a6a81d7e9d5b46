import { hash } from 'node:crypto';
import type { Express, Response } from 'express';
import { isLasting } from '../engine/lasting.ts';

export { lastingOk } from '../engine/lasting.ts';

/**
 * Express's default ETag, byte for byte (the `etag` package's weak tag: body length in hex and the
 * first 27 characters of its base64 SHA-1), from node's one-shot `crypto.hash`, which skips the
 * Hash object Express creates per response. A UTF-8 string is hashed as it is (no Buffer copy).
 */
export function weakEtag(body: Buffer | string, encoding?: BufferEncoding): string {
  if (typeof body === 'string' && (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8')) {
    return `W/"${Buffer.byteLength(body).toString(16)}-${hash('sha1', body, 'base64').slice(0, 27)}"`;
  }
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  return `W/"${bytes.length.toString(16)}-${hash('sha1', bytes, 'base64').slice(0, 27)}"`;
}

type EtagFn = (body: Buffer | string, encoding?: BufferEncoding) => string | undefined;

/** Each lasting envelope's JSON and ETag, once it has been sent, with the ETag function that made it. */
const serialized = new WeakMap<object, { json: string; etagFn: unknown; tag: string | undefined }>();

/**
 * `res.json` as Express answers it (`json` then `send`: Content-Type with charset, Content-Length,
 * the app's ETag, then the body), in one step for the common answer, and the body written as one
 * string with the headers (one socket write, no Buffer copy). Whatever `send` treats specially
 * goes to Express's own `json` unchanged: a conditional request (it may become a 304), HEAD, a
 * bodiless status, a Content-Type, Transfer-Encoding or ETag already set, the app's JSON settings.
 */
export function fastJson(app: Express): void {
  const proto = app.response as unknown as { json: (this: Response, body: unknown) => Response };
  const expressJson = proto.json;
  // Read straight off the app's own settings: `app.get` walks the settings' prototype chain per call.
  const settings = app.settings as Record<string, unknown>;
  proto.json = function (this: Response, obj: unknown): Response {
    const status = this.statusCode;
    const { method, headers } = this.req;
    if (
      method === 'HEAD' ||
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined ||
      status === 204 ||
      status === 205 ||
      status === 304 ||
      this.hasHeader('content-type') ||
      this.hasHeader('transfer-encoding') ||
      this.hasHeader('etag') ||
      settings['json replacer'] !== undefined ||
      settings['json spaces'] !== undefined ||
      settings['json escape']
    ) {
      return expressJson.call(this, obj);
    }
    const etagFn = settings['etag fn'] as EtagFn | undefined;
    // A lasting envelope (see `lastingOk`) is serialized and tagged once.
    const memo = isLasting(obj) ? serialized.get(obj) : undefined;
    let body: string | undefined;
    let tag: string | undefined;
    if (memo && memo.etagFn === etagFn) ({ json: body, tag } = memo);
    else {
      body = JSON.stringify(obj);
      if (body === undefined) return expressJson.call(this, obj);
      tag = typeof etagFn === 'function' ? etagFn(body, 'utf8') : undefined;
      if (isLasting(obj)) serialized.set(obj, { json: body, etagFn, tag });
    }
    this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', String(Buffer.byteLength(body)));
    if (tag) this.setHeader('ETag', tag);
    this.end(body, 'utf8');
    return this;
  };
}
