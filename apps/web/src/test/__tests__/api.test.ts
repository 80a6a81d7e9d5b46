import { describe, expect, it } from 'vitest';
import { answer, createTestApi, envelope, errorBody, server, takeDrift } from '../api.ts';
import { demoUser } from '../fixtures.ts';

/** The test server's own promises: overrides by operation on top of the engine, each judged by the contract. */
describe('test answers (msw/node, checked against openapi.yaml)', () => {
  const me = (api: ReturnType<typeof createTestApi>, path = '/api/v1/users/me') =>
    api.fetch(`${api.baseUrl}${path}`, { headers: { Authorization: 'Bearer t' } });

  it('answers a call by its operation and records it', async () => {
    const api = createTestApi({ getMe: () => ({ body: envelope(demoUser) }) });
    const response = await me(api);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(envelope(demoUser));
    expect(api.calls).toEqual([
      { method: 'GET', path: '/api/v1/users/me', search: '', body: undefined, authorization: 'Bearer t' },
    ]);
    expect(takeDrift()).toEqual([]);
  });

  it('a drifted body fails the test, naming the operation, the status and the JSON pointer', async () => {
    const { email: _, ...noEmail } = demoUser;
    // The type check catches what it can (a missing field); the run-time check catches the rest (a format).
    // @ts-expect-error getMe's 200 body needs `email`
    const api = createTestApi({ getMe: () => ({ body: envelope({ ...noEmail, created_at: 'yesterday' }) }) });
    await me(api);
    expect(takeDrift()).toEqual([
      "getMe 200: /data/email must have required property 'email'",
      'getMe 200: /data/created_at must match format "date-time"',
    ]);
  });

  it('a status the operation does not declare fails the test', async () => {
    // @ts-expect-error getMe declares no 201
    const api = createTestApi({ getMe: () => ({ status: 201, body: envelope(demoUser) }) });
    await me(api);
    expect(takeDrift()).toEqual([expect.stringMatching(/^getMe 201: status not declared \(declared: 200, .*\)$/)]);
  });

  it('an error answer is judged too (5XX is the error envelope)', async () => {
    // @ts-expect-error a 5XX body is the error envelope
    const api = createTestApi({ getMe: () => ({ status: 503, body: { message: 'down' } }) });
    await me(api);
    expect(takeDrift()).toEqual(["getMe 503: /success must have required property 'success'"]);
    createTestApi({ getMe: () => ({ status: 503, body: errorBody('down') }) });
  });

  it('a concrete path is not answered by a templated one (/users/me is not /users/{id})', async () => {
    const api = createTestApi({ getUser: () => ({ body: envelope(demoUser) }) });
    // The getUser override leaves /users/me to the engine, which does not know the token `t`.
    const response = await me(api);
    expect(response.status).toBe(401);
    expect((await me(api, `/api/v1/users/${demoUser.id}`)).status).toBe(200);
    expect(takeDrift()).toEqual([]);
  });

  it('answer(operationId, status, body) adds an answer mid-test, on any test origin', async () => {
    const api = createTestApi({ getMe: () => ({ body: envelope(demoUser) }) });
    server.use(answer('getMe', 401, errorBody('Unauthenticated.')));
    expect((await me(api)).status).toBe(401);
    // @ts-expect-error getMe's 200 body is a User
    server.use(answer('getMe', 200, { ...envelope(demoUser), data: { id: 7 } }));
    await me(api);
    expect(takeDrift()).toContain('getMe 200: /data/id must be string');
  });

  it('a stream event outside the contract fails the test', async () => {
    const api = createTestApi({}, { streams: 'test' });
    const response = await api.fetch(`${api.baseUrl}/api/v1/users/me/stream`);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    const [stream] = api.streams;
    stream?.send('notification', { unread_count: 1 });
    stream?.send('presence', { online_count: 2 });
    expect(takeDrift()).toEqual([
      "streamMe event notification: /data/notification must have required property 'notification'",
      'streamMe: event "presence" is not in its x-events',
    ]);
    stream?.drop();
  });
});
