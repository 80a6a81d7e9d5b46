import type { RequestHandler } from 'express';
import { HttpError } from '../http-error.ts';

export interface Latency {
  min: number;
  max: number;
}

/** Waits a random time in [min, max] ms before handling, to show loading states. */
export function latency({ min, max }: Latency, random: () => number = Math.random): RequestHandler {
  return (_req, _res, next) => {
    const ms = min + Math.round(random() * (max - min));
    if (ms <= 0) return next();
    setTimeout(next, ms);
  };
}

/** Answers 503 with the error envelope on `rate` (0..1) of requests, to show error states. */
export function errorRate(rate: number, random: () => number = Math.random): RequestHandler {
  return (_req, _res, next) => {
    if (random() < rate) throw new HttpError(503, 'The mock server failed this request on purpose (--error-rate).');
    next();
  };
}

/** One line per request, written when the response finishes. */
export function requestLog(write: (line: string) => void): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      write(`${req.method} ${redactUrl(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}

const SECRET_PARAMS = new Set(['access_token', 'token', 'ticket']);

/** A parameter name as the query parser reads it: `%61ccess_token`, `Ticket`, `token[]` included. */
function paramName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: judged as written.
  }
  return name.replace(/\[.*$/, '').trim().toLowerCase();
}

/** A credential in a query string (`?access_token=`, a stream `?ticket=`) never reaches the log. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const end = hash === -1 ? url.length : hash;
  const query = url
    .slice(q + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1 || !SECRET_PARAMS.has(paramName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${query}${url.slice(end)}`;
}
