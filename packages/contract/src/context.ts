import { randomBytes } from 'node:crypto';
import type { OpenApiDocument, Operation, ParameterObject } from '@cohort/openapi';
import { contentTypeConformance } from './checks/content-type-conformance.ts';
import { fail } from './checks/diagnostic.ts';
import { notAServerError } from './checks/not-a-server-error.ts';
import { responseHeadersConformance } from './checks/response-headers-conformance.ts';
import { responseSchemaConformance } from './checks/response-schema-conformance.ts';
import { statusCodeConformance } from './checks/status-code-conformance.ts';
import { type TraceStep, traceStep } from './compare.ts';
import { type HttpClient, type SendOptions, TimeoutError, toCurl } from './http.ts';
import type { Recorder } from './recorder.ts';
import type { SchemaBook } from './schema.ts';
import type { Exchange } from './types.ts';

export interface Account {
  email: string;
  password: string;
  university: string;
  token?: string;
  id?: string;
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: SendOptions['query'];
  body?: unknown;
  rawBody?: string;
  /** Bytes sent as the body, with the `content-type` in `headers` (multipart uploads). */
  binaryBody?: Uint8Array;
  /** Bearer token; `undefined` sends none. */
  token?: string | undefined;
  /** Extra request headers, e.g. `if-none-match`. */
  headers?: Record<string, string>;
  /** Run the response checks (default true); off for set-up calls the report should not count. */
  check?: boolean;
  /** Path parameters go into the path as given, not percent-encoded (to send a malformed escape). */
  rawParams?: boolean;
  /** Remember the ids it returns for later steps (default true); off for resources other steps must not pick. */
  remember?: boolean;
}

const ID_PREFIX = /^(usr|chan|msg|int|post|cmt|sty)_[A-Za-z0-9_-]{16,}$/;

export class RunContext {
  readonly operations = new Map<string, Operation>();
  /** Ids the server returned, by prefix (`usr`, `chan`, `msg`), newest last. */
  readonly seenIds = new Map<string, string[]>();
  a?: Account;
  b?: Account;
  /** The id a successful POST to a collection path returned, by that path (`/…/saved-lists` → 5). */
  readonly created = new Map<string, string | number>();
  /** How often each status was answered, per operation (to spot operations that are not implemented). */
  readonly statuses = new Map<string, Map<number, number>>();
  /** Statuses the run sent a request meant to provoke, per operation, with what that request was. */
  readonly provoked = new Map<string, Map<number, string>>();
  /** Declared statuses the run chose not to provoke, per operation, with the reason. */
  readonly unreached = new Map<string, Map<number, string>>();
  /** Each answer as a step (`negative deleteNote #3`), when a comparison with a second server asks for it. */
  trace?: TraceStep[];
  private readonly steps = new Map<string, number>();
  /** The content types answered, per operation and status, for the coverage report. */
  readonly contentTypes = new Map<string, Map<number, Set<string>>>();
  /** Ids the server knows, by component schema name (`UserId`, `ChannelId`, `IntId`), for generated bodies. */
  readonly refs = new Map<string, unknown[]>();
  /** A channel the first user created and stays in, for operations that need one. */
  channelId?: string;
  /** The access phase's third user, registering since the scenario began (`registerThirdUser`). */
  thirdUser?: Promise<{ account: Account; failed: string | undefined }>;

  constructor(
    readonly doc: OpenApiDocument,
    operations: Operation[],
    readonly selected: Set<string>,
    readonly http: HttpClient,
    readonly recorder: Recorder,
    readonly responses: SchemaBook,
    readonly requests: SchemaBook,
    readonly seed: number,
  ) {
    for (const op of operations) this.operations.set(op.operationId, op);
  }

  op(operationId: string): Operation | undefined {
    return this.operations.get(operationId);
  }

  isSelected(operationId: string): boolean {
    return this.selected.has(operationId);
  }

  /** Calls an operation by id, runs the four response checks on the answer and remembers returned ids. */
  async call(operationId: string, options: CallOptions = {}): Promise<Exchange | undefined> {
    const op = this.operations.get(operationId);
    if (!op) return undefined;
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = options.params?.[name];
      if (value === undefined) throw new Error(`${operationId}: no value for path parameter ${name}`);
      return options.rawParams ? String(value) : encodeURIComponent(String(value));
    });
    let exchange: Exchange;
    try {
      exchange = await this.http.send({
        method: op.method,
        path,
        ...(options.query ? { query: options.query } : {}),
        ...(options.token !== undefined ? { token: options.token } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.rawBody !== undefined ? { rawBody: options.rawBody } : {}),
        ...(options.binaryBody !== undefined ? { binaryBody: options.binaryBody } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      });
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      this.recorder.add({
        ...fail(operationId, 'not_a_server_error', error.message, undefined, {
          schemaPath: 'timeout',
          expected: 'an answer',
          actual: 'none',
        }),
        request: error.request,
        curl: toCurl(error.request),
      });
      return undefined;
    }
    const counts = this.statuses.get(operationId) ?? new Map<number, number>();
    counts.set(exchange.response.status, (counts.get(exchange.response.status) ?? 0) + 1);
    this.statuses.set(operationId, counts);
    if (this.trace) {
      const key = `${this.recorder.phase ?? 'scenario'} ${operationId}`;
      const n = (this.steps.get(key) ?? 0) + 1;
      this.steps.set(key, n);
      this.trace.push(traceStep(`${key} #${n}`, operationId, exchange.response.status, exchange.response.json));
    }
    const types = this.contentTypes.get(operationId) ?? new Map<number, Set<string>>();
    const mediaType = exchange.response.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    types.set(exchange.response.status, (types.get(exchange.response.status) ?? new Set()).add(mediaType));
    this.contentTypes.set(operationId, types);
    if (options.check !== false) this.checkResponse(op, exchange);
    if (exchange.response.status < 300 && options.remember !== false) {
      this.harvest(exchange.response.json);
      const id = (exchange.response.json as { data?: { id?: unknown } } | undefined)?.data?.id;
      if (op.method === 'post' && (typeof id === 'number' || typeof id === 'string')) this.created.set(op.path, id);
    }
    return exchange;
  }

  checkResponse(op: Operation, exchange: Exchange): void {
    this.recorder.add([
      notAServerError(op, exchange),
      statusCodeConformance(op, exchange),
      contentTypeConformance(op, exchange),
      ...responseSchemaConformance(op, exchange, this.responses),
      ...responseHeadersConformance(op, exchange, this.responses),
    ]);
  }

  private harvest(value: unknown, depth = 0): void {
    if (depth > 6 || value === null || value === undefined) return;
    if (typeof value === 'string') {
      const match = ID_PREFIX.exec(value);
      if (match?.[1]) {
        const list = this.seenIds.get(match[1]) ?? [];
        if (!list.includes(value)) list.push(value);
        this.seenIds.set(match[1], list);
      }
      return;
    }
    if (Array.isArray(value)) {
      for (const v of value.slice(0, 20)) this.harvest(v, depth + 1);
    } else if (typeof value === 'object') {
      for (const v of Object.values(value)) this.harvest(v, depth + 1);
    }
  }

  /**
   * A value for a path parameter from what the run has seen: the user's own id, the kept channel,
   * a message id. Undefined when none is known (the caller reports a skip with the reason).
   */
  pathValue(param: ParameterObject, prefer: 'own' | 'other' = 'own'): string | number | undefined {
    const schema = this.requests.deref(param.schema ?? {});
    const prefix = /^\^([a-z]+)_/.exec(String(schema.pattern ?? ''))?.[1];
    if (prefix === 'usr') {
      const own = this.a?.id;
      const other = this.b?.id;
      return prefer === 'other' ? (other ?? own) : (own ?? other);
    }
    if (prefix === 'chan') return this.channelId ?? this.seenIds.get('chan')?.at(-1);
    if (prefix !== undefined) return this.seenIds.get(prefix)?.at(-1);
    return undefined;
  }

  /** `/…/saved-lists/{id}/restore` takes its `{id}` from what `POST /…/saved-lists` created, if it fits the schema. */
  private createdFor(op: Operation, param: ParameterObject): string | number | undefined {
    const at = op.path.indexOf(`{${param.name}}`);
    const collection = op.path.slice(0, Math.max(0, at - 1));
    const value = this.created.get(collection);
    if (value === undefined) return undefined;
    const fits = this.requests.validator(`path ${op.operationId} ${param.name}`, param.schema ?? {}) as (
      v: unknown,
    ) => boolean;
    return fits(value) ? value : undefined;
  }

  /** Path parameters for an operation, or the name of the first one no value is known for. */
  pathParams(op: Operation, prefer: 'own' | 'other' = 'own'): Record<string, string | number> | string {
    const params: Record<string, string | number> = {};
    for (const p of op.parameters.filter((p) => p.in === 'path')) {
      const value = this.createdFor(op, p) ?? this.pathValue(p, prefer);
      if (value === undefined) return p.name;
      params[p.name] = value;
    }
    return params;
  }
}

/** Operations that answered nothing but 404 (or 405): most likely not implemented by the server. */
export function unimplemented(ctx: RunContext, operations: string[]): string[] {
  return operations.filter((id) => {
    const counts = ctx.statuses.get(id);
    if (!counts || counts.size === 0) return false;
    return [...counts.keys()].every((status) => status === 404 || status === 405);
  });
}

/** A fresh, unique e-mail for a throwaway account (random, not from the seed: runs must not collide). */
export function freshAccount(label: string): Account {
  const tag = randomBytes(6).toString('hex');
  return {
    email: `contract-${label}-${tag}@conformance.cohort.test`,
    password: `pw-${randomBytes(8).toString('hex')}`,
    university: 'Cohort Conformance University',
  };
}
