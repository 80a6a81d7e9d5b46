import type { IncomingMessage } from 'node:http';
import { JSON_BODY_LIMIT, parseJsonText, parserError } from '../engine/json-text.ts';

/** The one `Content-Type` the short path reads: JSON, in UTF-8 or without a charset. */
const PLAIN_JSON = /^application\/json(?:\s*;\s*charset="?utf-8"?)?\s*$/i;

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
    // Once the body has ended its listeners can stay (they go with the request): a late `close`
    // finds it ended, a late `error` settles nothing.
    const onEnd = () => {
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
