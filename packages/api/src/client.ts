import createClient, { type Client, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { ApiError } from './errors.ts';
import type { paths } from './generated/schema.ts';
import { openStream, type StreamEvents, type StreamHandlers, type StreamOptions, type StreamPath } from './stream.ts';

export interface CohortClientOptions {
  /** Where the API lives, e.g. `http://localhost:4010`, or `''` for same-origin (a dev proxy). */
  baseUrl: string;
  /** The bearer token to send, or nothing when signed out. Read on every request. */
  getToken?: () => string | null | undefined;
  /** Called when a request that carried a token is answered 401 (expired or revoked session). */
  onUnauthorized?: (error: ApiError) => void;
  /** Injected fetch (tests, SSR); defaults to the global one. */
  fetch?: typeof globalThis.fetch;
  /** Reconnect delays of event streams (default 1 s doubling to 30 s); tests shorten them. */
  streamBackoffMs?: { min: number; max: number };
}

/** A call resolves to its data or to an ApiError; it never throws for an HTTP or network failure. */
export type CohortResult<R extends { data?: unknown }> =
  | { data: Exclude<R['data'], undefined>; error?: never; response: Response }
  | { data?: never; error: ApiError; response?: Response };

type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

type CohortMethod<M extends HttpMethod> = <
  Path extends PathsWithMethod<paths, M>,
  Init extends MaybeOptionalInit<paths[Path], M>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<
  CohortResult<FetchResponse<paths[Path][M] & Record<string | number, unknown>, Init, `${string}/${string}`>>
>;

export interface CohortClient {
  GET: CohortMethod<'get'>;
  POST: CohortMethod<'post'>;
  PUT: CohortMethod<'put'>;
  PATCH: CohortMethod<'patch'>;
  DELETE: CohortMethod<'delete'>;
  /**
   * Opens one of the contract's event streams on the same base URL and token source (see
   * `openStream`: fetch, Authorization header, Last-Event-ID, backoff). Returns its close function.
   */
  stream: <P extends StreamPath>(
    path: P,
    params: { path?: Record<string, string> },
    handlers: StreamHandlers<StreamEvents[P]>,
    options?: Pick<StreamOptions, 'backoffMs' | 'sleep'>,
  ) => () => void;
}

/** Sends the bearer token and JSON headers; reports 401s on authenticated requests. */
export function authMiddleware(options: Pick<CohortClientOptions, 'getToken' | 'onUnauthorized'>): Middleware {
  const authed = new WeakSet<Request>();
  return {
    onRequest({ request }) {
      request.headers.set('Accept', 'application/json');
      if (request.body !== null && !request.headers.has('Content-Type')) {
        request.headers.set('Content-Type', 'application/json');
      }
      const token = options.getToken?.();
      if (token) {
        request.headers.set('Authorization', `Bearer ${token}`);
        authed.add(request);
      }
      return request;
    },
    async onResponse({ request, response }) {
      if (response.status === 401 && authed.has(request) && options.onUnauthorized) {
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => undefined);
        options.onUnauthorized(ApiError.fromResponse(401, body));
      }
      return response;
    },
  };
}

export function createCohortClient(options: CohortClientOptions): CohortClient {
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  raw.use(authMiddleware(options));

  // Non-2xx answers and unreachable servers become one typed ApiError.
  const wrap =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => async (url: string, init?: Record<string, unknown>) => {
      let result: { data?: unknown; error?: unknown; response: Response };
      try {
        result = await (raw[method] as (u: string, i?: unknown) => Promise<typeof result>)(url, init);
      } catch (cause) {
        return { error: ApiError.network(cause) };
      }
      if (!result.response.ok || result.error !== undefined) {
        return { error: ApiError.fromResponse(result.response.status, result.error), response: result.response };
      }
      return { data: result.data, response: result.response };
    };

  const stream: CohortClient['stream'] = (path, params, handlers, extra = {}) =>
    openStream(
      {
        baseUrl: options.baseUrl,
        ...(options.getToken ? { getToken: options.getToken } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.streamBackoffMs ? { backoffMs: options.streamBackoffMs } : {}),
        ...extra,
      },
      path,
      params,
      {
        ...handlers,
        onUnauthorized: () => {
          handlers.onUnauthorized?.();
          if (options.getToken?.()) options.onUnauthorized?.(new ApiError(401, 'Your session has ended.'));
        },
      },
    );

  return {
    GET: wrap('GET'),
    POST: wrap('POST'),
    PUT: wrap('PUT'),
    PATCH: wrap('PATCH'),
    DELETE: wrap('DELETE'),
    stream,
  } as unknown as CohortClient;
}

/**
 * The same client typed as openapi-fetch's `Client`, for libraries built on openapi-fetch
 * (openapi-react-query): its calls resolve to the same `{ data, response }` or `{ error }`, so the
 * auth middleware and `ApiError` stay in one place.
 */
export function asFetchClient(client: CohortClient): Client<paths> {
  return client as unknown as Client<paths>;
}
