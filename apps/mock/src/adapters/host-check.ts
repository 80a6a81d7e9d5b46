import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { HttpError } from '../lib/http-error.ts';

/** `--allowed-hosts`: names the mock may be reached by besides its own, or every name. */
export type AllowedHosts = readonly string[] | 'all';

export interface HostCheckOptions {
  /** The address the server listens on (`--host`); a name there is allowed. */
  host?: string;
  /** `--cors-origin`: the host of each origin is allowed (a page there calls the mock by that name). */
  corsOrigins: string[] | '*';
  allowedHosts?: AllowedHosts;
}

/** The hostname of a `Host` header, lower-case, without its port; `[…]` kept for an IPv6 address. */
function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  const colon = trimmed.indexOf(':');
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

/**
 * Whether a request naming `Host` may be answered: Vite's `server.allowedHosts` rule. An IP address
 * and `localhost` (or `*.localhost`) always; a name only when listed: the `--host` value, the hosts of
 * `--cors-origin`, `--allowed-hosts` (`.example.com` takes the name and every subdomain).
 * A page whose DNS name was rebound to this machine sends its own name, so it is refused.
 */
export function hostAllowed(options: HostCheckOptions): (host: string | undefined) => boolean {
  if (options.allowedHosts === 'all') return () => true;
  const names = new Set<string>();
  const suffixes: string[] = [];
  const add = (name: string) => {
    const lower = name.trim().toLowerCase();
    if (lower === '') return;
    if (lower.startsWith('.')) suffixes.push(lower);
    else names.add(lower);
  };
  if (options.host) add(options.host);
  for (const origin of options.corsOrigins === '*' ? [] : options.corsOrigins) {
    try {
      add(new URL(origin).hostname);
    } catch {
      // Not a URL: no host to allow.
    }
  }
  for (const name of options.allowedHosts ?? []) add(name);
  return (host) => {
    // No browser leaves it out (HTTP/1.1 requires it), so a rebound page cannot either.
    if (host === undefined) return true;
    const name = hostnameOf(host);
    if (name.startsWith('[') || isIP(name) !== 0) return true;
    if (name === 'localhost' || name.endsWith('.localhost') || names.has(name)) return true;
    return suffixes.some((suffix) => name === suffix.slice(1) || name.endsWith(suffix));
  };
}

/** Refuses (an enveloped 403 naming `--allowed-hosts`) a request whose `Host` is not allowed, before any handler. */
export function hostCheck(options: HostCheckOptions): RequestHandler {
  const allowed = hostAllowed(options);
  // Hosts seen allowed, so the check is one lookup per request (a refused one is not kept).
  const seen = new Set<string>();
  return (req, _res, next) => {
    const host = req.headers.host;
    if (host === undefined || seen.has(host)) return next();
    if (!allowed(host)) {
      const name = hostnameOf(host).slice(0, 200);
      next(
        HttpError.forbidden(
          `This mock does not answer requests for host "${name}" (a page whose name was pointed at this machine could otherwise read it). To reach it by that name, start it with --allowed-hosts ${name} (or --allowed-hosts all).`,
        ),
      );
      return;
    }
    if (seen.size < 1000) seen.add(host);
    next();
  };
}
