/**
 * What `--upstream` needs from Node: a `fetch` to the backend (Node's own, which keeps connections
 * alive and reuses them), and the largest body kept for a request: the largest upload and its form.
 */
import type { UpstreamOptions } from '../engine/upstream.ts';
import { largestLimit } from '../media/limits.ts';

/** Room for the multipart form around the largest upload's bytes. */
const FORM_ROOM = 64 * 1024;

export type UpstreamFlags = Pick<UpstreamOptions, 'url'> & Partial<Omit<UpstreamOptions, 'url'>>;

export function nodeUpstream(flags: UpstreamFlags): UpstreamOptions {
  return {
    fetch: (request) => fetch(request),
    maxBodyBytes: largestLimit() + FORM_ROOM,
    ...flags,
  };
}
