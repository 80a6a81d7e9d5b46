/** Field name (dotted for nested fields, e.g. `users.2`) to its messages, as the contract's Error body. */
export type FieldErrors = Record<string, string[]>;

/**
 * Every failed call resolves to one of these: an HTTP answer outside 2xx (status is its code) or
 * a request that never got an answer (status 0).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly fieldErrors: FieldErrors;

  constructor(status: number, message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }

  /** True when the server was not reached at all (offline, DNS, connection refused, aborted). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The first message for a field, for showing under that input. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }

  /** Builds the error from a response body, whatever its shape (JSON envelope, text, nothing). */
  static fromResponse(status: number, body: unknown): ApiError {
    if (isRecord(body)) {
      const message = typeof body.message === 'string' && body.message ? body.message : defaultMessage(status);
      return new ApiError(status, message, toFieldErrors(body.errors));
    }
    return new ApiError(status, defaultMessage(status));
  }

  static network(cause: unknown): ApiError {
    const error = new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
    (error as { cause?: unknown }).cause = cause;
    return error;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toFieldErrors(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return out;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request could not be read.',
  401: 'Your session has ended. Please sign in again.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  409: 'That conflicts with something that already exists.',
  413: 'That is too large to send.',
  422: 'Some fields are not valid.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

function defaultMessage(status: number): string {
  return (
    STATUS_MESSAGES[status] ??
    (status >= 500 ? 'The server had a problem. Please try again.' : `Request failed (${status}).`)
  );
}
