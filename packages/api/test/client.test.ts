import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, type Channel, type CohortClient, createCohortClient, type Note } from '../src/index.ts';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** A fetch that records each request and answers from a table: nothing in the client is mocked. */
function fakeFetch(answer: (req: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.clone().text();
    const entry: Seen = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    return answer(entry);
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const ok = (data: unknown) => json(200, { success: true, message: 'OK', data });

function client(answer: (req: Seen) => Response | Promise<Response>, token: string | null = 'tok-123') {
  const { fetch, seen } = fakeFetch(answer);
  const unauthorized: ApiError[] = [];
  const api = createCohortClient({
    baseUrl: 'http://api.test',
    getToken: () => token,
    onUnauthorized: (e) => unauthorized.push(e),
    fetch,
  });
  return { api, seen, unauthorized };
}

describe('headers', () => {
  it('sends the bearer token and JSON headers', async () => {
    const { api, seen } = client(() => ok({}));
    await api.POST('/api/v1/users/me/notes/store', { body: { title: 'Title', note: 'Note body', date: '2026-11-01' } });
    const req = seen[0];
    expect(req?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(req?.headers.get('accept')).toBe('application/json');
    expect(req?.headers.get('content-type')).toBe('application/json');
    expect(req?.body).toEqual({ title: 'Title', note: 'Note body', date: '2026-11-01' });
  });

  it('sends no Authorization header when signed out', async () => {
    const { api, seen } = client(() => ok({ access_token: 'x'.repeat(40), token_type: 'Bearer' }), null);
    await api.POST('/api/v1/login', { body: { uniName: 'Stanford', email: 'a@b.co', password: 'secret' } });
    expect(seen[0]?.headers.has('authorization')).toBe(false);
  });

  it('reads the token on every request, so a new sign-in is used at once', async () => {
    let token = 'first';
    const { fetch, seen } = fakeFetch(() => ok({}));
    const api = createCohortClient({ baseUrl: 'http://api.test', getToken: () => token, fetch });
    await api.GET('/api/v1/users/me');
    token = 'second';
    await api.GET('/api/v1/users/me');
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual(['Bearer first', 'Bearer second']);
  });
});

describe('401 handling', () => {
  it('calls onUnauthorized when a request that carried a token gets 401', async () => {
    const { api, unauthorized } = client(() => json(401, { success: false, message: 'Unauthenticated.' }));
    const { error } = await api.GET('/api/v1/users/me');
    expect(error?.status).toBe(401);
    expect(unauthorized).toHaveLength(1);
    expect(unauthorized[0]?.message).toBe('Unauthenticated.');
  });

  it('does not call it for a failed sign-in (no token was sent)', async () => {
    const { api, unauthorized } = client(
      () => json(401, { success: false, message: 'These credentials do not match our records.' }),
      null,
    );
    const { error } = await api.POST('/api/v1/login', { body: { uniName: 'S', email: 'a@b.co', password: 'x' } });
    expect(error?.message).toBe('These credentials do not match our records.');
    expect(unauthorized).toHaveLength(0);
  });
});

describe('error mapping', () => {
  it.each([
    [
      '422 with field errors',
      json(422, {
        success: false,
        message: 'The given data was invalid.',
        errors: { title: ['too short'], date: ['is required'] },
      }),
      {
        status: 422,
        message: 'The given data was invalid.',
        fieldErrors: { title: ['too short'], date: ['is required'] },
      },
    ],
    [
      '409 e-mail taken',
      json(409, { success: false, message: 'The email has already been taken.', errors: { email: ['taken'] } }),
      { status: 409, message: 'The email has already been taken.', fieldErrors: { email: ['taken'] } },
    ],
    [
      '503 with the envelope',
      json(503, { success: false, message: 'Service unavailable (simulated).' }),
      { status: 503, message: 'Service unavailable (simulated).', fieldErrors: {} },
    ],
    [
      '502 HTML page from a proxy',
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      { status: 502, message: 'The server had a problem. Please try again.', fieldErrors: {} },
    ],
    [
      '429 with an empty body',
      new Response(null, { status: 429 }),
      { status: 429, message: 'Too many attempts. Please wait a moment and try again.', fieldErrors: {} },
    ],
  ])('turns %s into an ApiError', async (_name, response, want) => {
    const { api } = client(() => response);
    const { data, error } = await api.POST('/api/v1/users/me/notes/store', {
      body: { title: 'abc', note: 'Note body', date: '2026-11-01' },
    });
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error?.status, message: error?.message, fieldErrors: error?.fieldErrors }).toEqual(want);
  });

  it('turns an unreachable server into an ApiError with status 0 instead of throwing', async () => {
    const { api } = client(() => {
      throw new TypeError('fetch failed');
    });
    const { error } = await api.GET('/api/v1/users/me');
    expect(error?.status).toBe(0);
    expect(error?.isNetworkError).toBe(true);
    expect(error?.message).toMatch(/reach the server/);
  });

  it('exposes the first message of a field', () => {
    const error = new ApiError(422, 'invalid', { title: ['must be 4 characters', 'second'] });
    expect(error.fieldError('title')).toBe('must be 4 characters');
    expect(error.fieldError('note')).toBeUndefined();
  });
});

const NOTE: Note = { id: 1, title: 'Title', note: 'Note body', date: '2026-11-01' };
const USR = 'usr_7Hq2LmX9pK4vNc8R';
const CHAN = 'chan_3fPz9QwL2mK8xV5T';

/** One typed call per resource: method, URL and body sent, and the data handed back. */
const env = (data: unknown) => ({ success: true, message: 'OK', data });

const CALLS: [string, (api: CohortClient) => Promise<{ data?: unknown }>, string, unknown, unknown][] = [
  ['users/me', (api) => api.GET('/api/v1/users/me'), 'GET /api/v1/users/me', undefined, env({ id: USR })],
  [
    'resources',
    (api) => api.GET('/api/v1/general/get-all-resource/', { params: { query: { resource: 'Club', per_page: 50 } } }),
    'GET /api/v1/general/get-all-resource/?resource=Club&per_page=50',
    undefined,
    env({ data: [], current_page: 1, per_page: 50, total: 0, last_page: 1 }),
  ],
  [
    'notes',
    (api) => api.GET('/api/v1/users/me/notes/{id}', { params: { path: { id: USR } } }),
    `GET /api/v1/users/me/notes/${USR}`,
    undefined,
    env([NOTE]),
  ],
  [
    'clubs',
    (api) => api.POST('/api/v1/users/me/clubs/store', { body: { name: 'Chess Club', position: 'Member' } }),
    'POST /api/v1/users/me/clubs/store',
    { name: 'Chess Club', position: 'Member' },
    env({ id: 3, name: 'Chess Club', position: 'Member' }),
  ],
  [
    'interests',
    (api) => api.DELETE('/api/v1/users/me/interests/{id}/detach', { params: { path: { id: 12 } } }),
    'DELETE /api/v1/users/me/interests/12/detach',
    undefined,
    env({ id: 12, name: 'Climate', prefixed_id: 'int_Xb81LqP0zRw2Tc7M' }),
  ],
  [
    'directions',
    (api) => api.GET('/api/v1/users/me/directions/{userId}', { params: { path: { userId: USR } } }),
    `GET /api/v1/users/me/directions/${USR}`,
    undefined,
    env([]),
  ],
  [
    'experiences',
    (api) =>
      api.POST('/api/v1/users/me/experiences/store', {
        body: { uni_name: 'Stanford University', concern: 'Finance', year: 2026, degree: 'MBA' },
      }),
    'POST /api/v1/users/me/experiences/store',
    { uni_name: 'Stanford University', concern: 'Finance', year: 2026, degree: 'MBA' },
    env({ id: 1, university: { id: 1, name: 'Stanford University' }, concern: 'Finance', degree: 'MBA', year: 2026 }),
  ],
  [
    'channels',
    (api) => api.POST('/api/v1/users/channels/{id}/leave', { params: { path: { id: CHAN } } }),
    `POST /api/v1/users/channels/${CHAN}/leave`,
    undefined,
    env({ id: CHAN }),
  ],
  [
    'messages',
    (api) => api.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: CHAN }, query: { limit: 20 } } }),
    `GET /api/v1/channels/${CHAN}/get-messages?limit=20`,
    undefined,
    { success: true, message: 'OK', data: [], meta: { has_more: false, next_before: null } },
  ],
  ['friends', (api) => api.GET('/api/v1/users/me/friends'), 'GET /api/v1/users/me/friends', undefined, []],
  ['logout', (api) => api.POST('/api/v1/logout'), 'POST /api/v1/logout', undefined, env(null)],
  ['logout (deprecated GET)', (api) => api.GET('/api/v1/logout'), 'GET /api/v1/logout', undefined, env(null)],
];

describe('typed calls', () => {
  it.each(CALLS)('%s: sends the request the contract describes', async (_name, call, line, body, response) => {
    const { api, seen } = client(() => json(200, response));
    const { data } = await call(api);
    const req = seen[0];
    const url = new URL(req?.url ?? '');
    expect(`${req?.method} ${url.pathname}${url.search}`).toBe(line);
    expect(req?.body).toEqual(body);
    expect(data).toEqual(response);
  });

  it('types data by operation', async () => {
    const { api } = client(() => ok([NOTE]));
    const notes = await api.GET('/api/v1/users/me/notes/{id}', { params: { path: { id: USR } } });
    if (notes.data) expectTypeOf(notes.data.data).toEqualTypeOf<Note[]>();
    const friends = await api.GET('/api/v1/users/me/friends');
    if (friends.data) expectTypeOf(friends.data[0]?.first_name).toEqualTypeOf<string | undefined>();
    const channels = await api.GET('/api/v1/users/me/channels');
    if (channels.data) expectTypeOf(channels.data.data).toEqualTypeOf<Channel[]>();
    if (notes.error) expectTypeOf(notes.error).toEqualTypeOf<ApiError>();
    expect(notes.data?.data).toEqual([NOTE]);
  });

  it('rejects at compile time a body or path the contract does not allow', async () => {
    const { api, seen } = client(() => ok({}));
    // @ts-expect-error title must be a string
    await api.POST('/api/v1/users/me/notes/store', { body: { title: 1, note: 'Note body', date: '2026-11-01' } });
    // @ts-expect-error a path with two spaces is not in the contract
    await api.POST('/api/v1/users/me/experiences  store', {});
    expect(seen).toHaveLength(2);
  });
});
