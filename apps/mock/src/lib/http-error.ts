import type { components } from '@cohort/api';

export type ErrorBody = components['schemas']['ErrorEnvelope'];
export type FieldErrors = Record<string, string[]>;

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The request could not be read.',
  401: 'Unauthenticated.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'Conflict.',
  413: 'The request body is larger than 1 MB.',
  415: 'Unsupported content type.',
  422: 'The given data was invalid.',
  429: 'Too many attempts.',
  500: 'Internal server error.',
  503: 'Service unavailable.',
};

/** The one error type: every failure becomes one of these and is rendered as the contract's Error body. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, message?: string, fieldErrors?: FieldErrors, headers: Record<string, string> = {}) {
    // An answer, not a bug: no stack trace (capturing one was an eighth of a refused write's time).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message ?? DEFAULT_MESSAGES[status] ?? `Request failed (${status}).`);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.fieldErrors = fieldErrors && Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined;
    this.headers = headers;
  }

  static badRequest(message?: string) {
    return new HttpError(400, message);
  }
  /** HTTP requires a 401 to name the scheme it wants (RFC 9110 §11.6.1). */
  static unauthorized(message?: string) {
    return new HttpError(401, message, undefined, { 'WWW-Authenticate': 'Bearer realm="cohort"' });
  }
  /** An expired token: RFC 6750's `invalid_token`, and a message a user understands. */
  static sessionExpired() {
    return new HttpError(401, 'Your session has expired; sign in again.', undefined, {
      'WWW-Authenticate': 'Bearer realm="cohort", error="invalid_token", error_description="The access token expired"',
    });
  }
  static forbidden(message?: string) {
    return new HttpError(403, message);
  }
  static notFound(message?: string) {
    return new HttpError(404, message);
  }
  static conflict(message: string, fieldErrors?: FieldErrors) {
    return new HttpError(409, message, fieldErrors);
  }
  static invalid(fieldErrors: FieldErrors, message?: string) {
    return new HttpError(422, message, fieldErrors);
  }

  /** Turns anything thrown (ours, body-parser's, a bug) into an HttpError; bugs become a bare 500. */
  static from(error: unknown): HttpError {
    if (error instanceof HttpError) return error;
    if (typeof error === 'object' && error !== null) {
      const e = error as { type?: unknown; status?: unknown; statusCode?: unknown; expose?: unknown };
      // body-parser errors carry a `type`; never echo their text, it can contain the raw body.
      if (e.type === 'entity.parse.failed') return new HttpError(400, 'The request body is not valid JSON.');
      if (e.type === 'entity.too.large') return new HttpError(413);
      // A JSON body in a charset or encoding the parser cannot read: the body is what is wrong.
      if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
        return HttpError.invalid({ body: ['must be JSON in UTF-8, sent with Content-Type: application/json'] });
      }
      const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
      if (status >= 400 && status < 500) return new HttpError(status);
    }
    return new HttpError(500);
  }

  toBody(): ErrorBody {
    return {
      success: false,
      message: this.message,
      ...(this.fieldErrors ? { errors: this.fieldErrors } : {}),
    };
  }
}
