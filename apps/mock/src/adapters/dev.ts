import type { RequestHandler } from 'express';
import { HttpError } from '../lib/http-error.ts';
import { redactUrl } from '../tools/redact-url.ts';

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

export { redactUrl } from '../tools/redact-url.ts';
