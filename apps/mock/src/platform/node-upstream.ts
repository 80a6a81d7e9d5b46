/**
 * What `--upstream` needs from Node: the transport to the backend (node:http on a keep-alive pool,
 * with no WHATWG Request, Response or stream made per request: the hop costs about half of what
 * Node's own fetch costs it), and the largest body kept for a request (the largest upload and its form).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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
    text: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    chunks: () => res,
    discard: () => void res.resume(),
  };
}

/** One request to the backend over a kept-alive connection. */
export const nodeSend: UpstreamSend = ({ method, url, headers, body, signal }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const sent = body === undefined ? headers : { ...headers, 'content-length': String(body.length) };
    const req = (secure ? httpsRequest : httpRequest)(
      target,
      { method, headers: sent, agent: secure ? agents.https : agents.http, signal },
      (res) => resolve(responseOf(res)),
    );
    req.on('error', reject);
    req.end(body);
  });

export function nodeUpstream(flags: UpstreamFlags): UpstreamOptions {
  return { send: nodeSend, maxBodyBytes: largestLimit() + FORM_ROOM, ...flags };
}
