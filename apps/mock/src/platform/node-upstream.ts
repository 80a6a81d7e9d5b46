/**
 * What `--upstream` needs from Node: the transport to the backend (node:http on a keep-alive pool,
 * with no WHATWG Request, Response or stream made per request: the hop costs about half of what
 * Node's own fetch costs it), and the largest body kept for a request (the largest upload and its form).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import type { UpstreamOptions, UpstreamResponse, UpstreamSend } from '../engine/upstream.ts';
import { largestLimit } from '../media/limits.ts';

/** Room for the multipart form around the largest upload's bytes. */
const FORM_ROOM = 64 * 1024;
/** Connections kept open to the backend at most, per scheme. */
const MAX_SOCKETS = 256;

export type UpstreamFlags = Pick<UpstreamOptions, 'url'> & Partial<Omit<UpstreamOptions, 'url'>>;

const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
};

function responseOf(res: IncomingMessage): UpstreamResponse {
  const headers: Record<string, string> = {};
  for (const name in res.headers) {
    const value = res.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    status: res.statusCode ?? 502,
    headers,
    // Plain listeners: an async iterator costs each answer a stream, promises and an end-of-stream watcher.
    text: () =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve(
            chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'),
          ),
        );
        res.on('error', reject);
      }),
    chunks: () => res,
    discard: () => void res.resume(),
  };
}

/** The connection options of each origin the mock has sent to (one backend, in practice), parsed once. */
const origins = new Map<string, RequestOptions>();

/** What `new URL` would rewrite in a path (a dot segment, a character to percent-encode): such a path goes through it. */
const UNUSUAL_PATH = /[^\x21-\x7e]|\/\.|\\/;

/** `url` as node:http's options: its origin's, parsed on first sight, and its path. */
function optionsOf(url: string): RequestOptions {
  const end = url.indexOf('/', url.indexOf('//') + 2);
  if (end !== -1 && UNUSUAL_PATH.test(url.slice(end))) return urlToHttpOptions(new URL(url));
  const origin = end === -1 ? url : url.slice(0, end);
  let options = origins.get(origin);
  if (options === undefined) {
    const { protocol, hostname, port, auth } = urlToHttpOptions(new URL(origin));
    options = { protocol, hostname, ...(port === undefined ? {} : { port }), ...(auth === undefined ? {} : { auth }) };
    origins.set(origin, options);
  }
  return { ...options, path: end === -1 ? '/' : url.slice(end) };
}

/** One request to the backend over a kept-alive connection. */
export const nodeSend: UpstreamSend = ({ method, url, headers, body, signal }) =>
  new Promise((resolve, reject) => {
    const target = optionsOf(url);
    const secure = target.protocol === 'https:';
    const sent = body === undefined ? headers : { ...headers, 'content-length': String(body.length) };
    const req = (secure ? httpsRequest : httpRequest)(
      {
        ...target,
        method,
        headers: sent,
        agent: secure ? agents.https : agents.http,
        ...(signal === undefined ? {} : { signal }),
      },
      (res) => resolve(responseOf(res)),
    );
    req.on('error', reject);
    req.end(body);
  });

export function nodeUpstream(flags: UpstreamFlags): UpstreamOptions {
  return { send: nodeSend, maxBodyBytes: largestLimit() + FORM_ROOM, ...flags };
}
