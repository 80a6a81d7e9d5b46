import type { FieldErrors } from '../lib/http-error.ts';
import type { ResponseChecker } from './response-check.ts';

/** What a test asks for: the next calls of `operationId` answer this instead of the real handler. */
export interface OverrideInput {
  operationId: string;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering. */
  delay?: number;
  /** How many calls it answers before the real handler answers again; unlimited when absent. */
  times?: number;
}

export interface Override {
  id: string;
  /** The session (`X-Mock-Session`) whose requests it answers; `null`: requests outside any session. */
  session: string | null;
  operationId: string;
  status: number;
  body?: unknown;
  headers: Record<string, string>;
  delay: number;
  /** Calls it still answers; `null` for unlimited. */
  remaining: number | null;
  /** Calls it has answered. */
  used: number;
}

/** An answer to send, as plain data: status, headers and an optional JSON body. */
export interface OverrideAnswer {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  delay: number;
}

const MAX_OVERRIDES = 1000;
const MAX_DELAY_MS = 60_000;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the server decides (framing, CORS): an override setting them would break the answer, not shape it. */
const RESERVED_HEADERS = new Set(['content-length', 'content-type', 'transfer-encoding', 'connection']);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body an error status answers when the override gives none: the contract's error envelope. */
function defaultBody(status: number): unknown {
  return { success: false, message: `The mock answered ${status} on purpose (an override).` };
}

/**
 * The overrides a test set, newest first (as MSW's `use`): plain data in, plain answers out, so an
 * engine without Express can use it as it is. Each is checked against the contract when set, so a
 * fixture cannot drift from it. Each belongs to one session (or to none) and answers only its
 * requests, so parallel tests in their own sessions never see each other's.
 */
export class Overrides {
  readonly #checker: ResponseChecker;
  #list: Override[] = [];
  #next = 1;

  constructor(checker: ResponseChecker) {
    this.#checker = checker;
  }

  get size(): number {
    return this.#list.length;
  }

  /** Adds an override for `session`'s requests, or returns every bad field of the input (nothing is added then). */
  add(raw: unknown, session: string | null = null): Override | { errors: FieldErrors } {
    const errors: FieldErrors = Object.create(null);
    const fail = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    if (!isRecord(raw)) return { errors: { body: ['must be an object'] } };
    for (const key of Object.keys(raw)) {
      if (!['operationId', 'status', 'body', 'headers', 'delay', 'times'].includes(key)) fail(key, 'is not allowed');
    }
    const { operationId, status, body, headers, delay, times } = raw;
    if (typeof operationId !== 'string') fail('operationId', 'is required, a string');
    else if (!this.#checker.has(operationId))
      fail('operationId', `is not an operation of the contract: ${operationId}`);
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
      fail('status', 'must be an HTTP status, 100 to 599');
    }
    if (headers !== undefined) {
      if (!isRecord(headers)) fail('headers', 'must be an object of header names to strings');
      else {
        for (const [name, value] of Object.entries(headers)) {
          if (!HEADER_NAME.test(name)) fail(`headers.${name}`, 'is not a valid header name');
          else if (RESERVED_HEADERS.has(name.toLowerCase())) fail(`headers.${name}`, 'is set by the mock itself');
          else if (typeof value !== 'string' || /[\r\n\0]/.test(value))
            fail(`headers.${name}`, 'must be a one-line string');
        }
      }
    }
    if (
      delay !== undefined &&
      (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_MS)
    ) {
      fail('delay', `must be a whole number of milliseconds, 0 to ${MAX_DELAY_MS}`);
    }
    if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1)) {
      fail('times', 'must be a whole number, 1 or more');
    }
    if (Object.keys(errors).length > 0) return { errors };
    const id = operationId as string;
    const code = status as number;
    const declared = this.#checker.declared(id, code);
    if (!declared.declared) {
      return { errors: { status: [`${code} is not declared for ${id} (declared: ${declared.statuses.join(', ')})`] } };
    }
    if (declared.body === 'other') {
      return { errors: { status: [`${code} of ${id} is not JSON (an event stream): override an error status`] } };
    }
    let answer = body;
    if (declared.body === 'none') {
      if (body !== undefined) return { errors: { body: [`must be absent: ${code} of ${id} has no body`] } };
    } else {
      if (answer === undefined) {
        if (code < 400) return { errors: { body: [`is required: ${code} of ${id} has a JSON body`] } };
        answer = defaultBody(code);
      }
      const issues = this.#checker.check(id, code, answer);
      if (issues.length > 0) {
        const out: FieldErrors = Object.create(null);
        for (const issue of issues) {
          const field = `body${issue.pointer}`;
          out[field] = [...(out[field] ?? []), issue.message];
        }
        return { errors: out };
      }
    }
    if (this.#list.length >= MAX_OVERRIDES) return { errors: { operationId: [`at most ${MAX_OVERRIDES} overrides`] } };
    const override: Override = {
      id: `ovr_${this.#next++}`,
      session,
      operationId: id,
      status: code,
      ...(answer === undefined ? {} : { body: answer }),
      headers: (headers as Record<string, string> | undefined) ?? {},
      delay: (delay as number | undefined) ?? 0,
      remaining: (times as number | undefined) ?? null,
      used: 0,
    };
    this.#list.unshift(override);
    return override;
  }

  /** The answer for `session`'s call of `operationId`, counting it against the override's `times`; none when no override applies. */
  take(operationId: string, session: string | null = null): OverrideAnswer | undefined {
    const index = this.#list.findIndex((o) => o.operationId === operationId && o.session === session);
    const override = this.#list[index];
    if (!override) return undefined;
    override.used++;
    if (override.remaining !== null && --override.remaining === 0) this.#list.splice(index, 1);
    return {
      status: override.status,
      headers: override.headers,
      delay: override.delay,
      ...('body' in override ? { body: override.body } : {}),
    };
  }

  /** One session's overrides (`null`: those outside any session), or every one when `session` is absent. */
  list(session?: string | null): Override[] {
    return this.#list.filter((o) => session === undefined || o.session === session).map((o) => ({ ...o }));
  }

  /** Removes one override, whatever its session (ids are unique); false when there is none with that id. */
  remove(id: string): boolean {
    const before = this.#list.length;
    this.#list = this.#list.filter((o) => o.id !== id);
    return this.#list.length < before;
  }

  /** Removes one session's overrides (`null`: those outside any session), or every one when `session` is absent. */
  clear(session?: string | null): number {
    const before = this.#list.length;
    this.#list = session === undefined ? [] : this.#list.filter((o) => o.session !== session);
    return before - this.#list.length;
  }
}
