import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await server.login();
});
afterAll(() => server.close());

// The generated request type requires `reminder_minutes` (it has a default); the API does not.
type EventBody = { reminder_minutes: number; title: string; all_day: boolean; start: string; end: string };
const event = {
  title: 'Demo night',
  all_day: false,
  start: '2026-11-26T18:00:00.000Z',
  end: '2026-11-26T20:00:00.000Z',
} as EventBody;

describe('calendar events', () => {
  it('saves an event with a 30-minute reminder by default and lists mine soonest first', async () => {
    const client = server.client(token);
    const friend = server.store.accounts.first(2)[1]?.id ?? '';
    const later = await client.POST('/api/v1/users/me/events', {
      body: { ...event, people: [friend], video: true, location: 'GSB Room 204', color: 'green' },
    });
    expect(later.response?.status).toBe(201);
    expect(later.data?.data).toMatchObject({
      ...event,
      people: [friend],
      video: true,
      location: 'GSB Room 204',
      color: 'green',
      reminder_minutes: 30,
      message_id: null,
    });
    const sooner = await client.POST('/api/v1/users/me/events', {
      body: {
        title: 'Breakfast',
        all_day: true,
        start: '2026-11-24T00:00:00.000Z',
        end: '2026-11-24T23:59:59.000Z',
        reminder_minutes: 0,
      },
    });
    expect(sooner.data?.data).toMatchObject({ reminder_minutes: 0, people: [], video: false, location: null });
    const list = await client.GET('/api/v1/users/me/events');
    expect(list.data?.data.map((e) => e.title)).toEqual(['Breakfast', 'Demo night']);
    // Another user sees only their own.
    const other = await server.login(server.store.accounts.first(2)[1]?.email);
    expect((await server.client(other).GET('/api/v1/users/me/events')).data?.data).toEqual([]);
  });

  it('links the event to the message it was made from', async () => {
    const client = server.client(token);
    const channel = (await client.GET('/api/v1/users/me/channels')).data?.data[0]?.id ?? '';
    const message = (
      await client.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: channel }, query: { limit: 1 } } })
    ).data?.data[0]?.id;
    const saved = await client.POST('/api/v1/users/me/events', { body: { ...event, message_id: message ?? null } });
    expect(saved.data?.data.message_id).toBe(message);
  });

  it('answers 422 naming every bad field', async () => {
    const client = server.client(token);
    const shape = await client.POST('/api/v1/users/me/events', {
      // @ts-expect-error wrong on purpose
      body: { title: '', all_day: 'yes', start: 'tomorrow', reminder_minutes: -5, color: 'pink', extra: 1 },
    });
    expect(shape.error?.status).toBe(422);
    expect(Object.keys(shape.error?.fieldErrors ?? {}).sort()).toEqual([
      'all_day',
      'color',
      'end',
      'extra',
      'reminder_minutes',
      'start',
      'title',
    ]);
    const logic = await client.POST('/api/v1/users/me/events', {
      body: {
        ...event,
        end: '2026-11-26T17:00:00.000Z',
        people: ['usr_AAAAAAAAAAAAAAAAAAAA'],
        message_id: 'msg_AAAAAAAAAAAAAAAAAAAA',
      },
    });
    expect(Object.keys(logic.error?.fieldErrors ?? {}).sort()).toEqual(['end', 'message_id', 'people.0']);
  });

  it('needs a token', async () => {
    expect((await server.client().GET('/api/v1/users/me/events')).error?.status).toBe(401);
    expect((await server.client().POST('/api/v1/users/me/events', { body: event })).error?.status).toBe(401);
  });
});
