import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ContractRouter } from '../contract/contract.ts';
import { HttpError } from '../lib/http-error.ts';
import { writeJson } from './json-response.ts';

/** Unknown path → 404; a contract path with another method → 405 with `Allow`. Registered after every router. */
export function notFound(router: ContractRouter): RequestHandler {
  return (req) => {
    const match = router.match(req.method, req.path);
    if (match && 'allow' in match) {
      throw new HttpError(405, `${req.method} is not allowed here.`, undefined, { Allow: match.allow.join(', ') });
    }
    throw HttpError.notFound(`No route for ${req.method} ${req.path}.`);
  };
}

/** The one error middleware: every error becomes the contract's Error body; no stack traces. */
export function errorHandler(onBug: (error: unknown) => void): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const httpError = HttpError.from(error);
    if (httpError.status >= 500 && !(error instanceof HttpError)) onBug(error);
    writeJson(res, httpError.status, httpError.headers, httpError.toBody());
  };
}
