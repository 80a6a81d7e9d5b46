import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    seed: { users: 300, channels: 2 },
    options: { authLimits: { registerPerAddress: 1000 } },
  });
});
afterAll(() => server.close());

let n = 0;
/** A new account; `name` sorts people within a distance band. */
const person = (first = 'Pat') => server.register({ first_name: first, last_name: `Near${++n}x${Date.now()}` });
const share = (who: Person, latitude: number, longitude: number) =>
  who.api.PUT('/api/v1/users/me/location', { body: { latitude, longitude } });
const nearby = async (who: Person) =>
  (await who.api.GET('/api/v1/users/nearby', { params: { query: { per_page: 100 } } })).data?.data;
/** Far from every seeded campus (the middle of Nevada), so only the test's own people are near. */
const HERE = { lat: 39.5, lon: -116.5 };
/** `km` kilometres north of HERE. */
const north = (km: number) => HERE.lat + km / 111.2;

describe('sharing a location', () => {
  it('is off until chosen; the kept position is rounded to 0.01° and expires in 24 hours', async () => {
    const a = await person();
    expect((await a.api.GET('/api/v1/users/me/location')).data?.data).toEqual({
      sharing: false,
      latitude: null,
      longitude: null,
      expires_at: null,
    });
    const before = Date.now();
    const shared = (await share(a, 37.427512, -122.169711)).data?.data;
    expect(shared).toMatchObject({ sharing: true, latitude: 37.43, longitude: -122.17 });
    const expires = Date.parse(shared?.expires_at ?? '');
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3600_000 - 5000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3600_000 + 5000);
    expect((await a.api.GET('/api/v1/users/me/location')).data?.data).toEqual(shared);
  });

  it('refuses positions off the globe and unknown fields, naming them', async () => {
    const a = await person();
    const res = await server.client(a.token).PUT('/api/v1/users/me/location', {
      // biome-ignore lint/suspicious/noExplicitAny: a body the contract forbids, on purpose
      body: { latitude: 91, longitude: -181, accuracy: 5 } as any,
    });
    expect(res.error?.status).toBe(422);
    expect(Object.keys(res.error?.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['latitude', 'longitude', 'accuracy']),
    );
  });

  it('takes at most 10 updates an hour, then 429 with Retry-After', async () => {
    const a = await person();
    const lon = HERE.lon - 3;
    for (let i = 0; i < 10; i++) expect((await share(a, HERE.lat, lon + i / 100)).response?.status).toBe(200);
    const limited = await share(a, HERE.lat, lon);
    expect(limited.error?.status).toBe(429);
    expect(Number(limited.response?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('people nearby', () => {
  it('shows nobody to someone who does not share, and says so', async () => {
    const a = await person();
    await share(await person(), HERE.lat, HERE.lon - 6);
    await share(a, HERE.lat, HERE.lon - 6);
    await a.api.DELETE('/api/v1/users/me/location');
    expect(await nearby(a)).toMatchObject({ data: [], total: 0, sharing: false });
  });

  it('lists only people who share, by band between rounded positions, by name within a band, and never a position', async () => {
    const me = await person();
    const [zed, amy, mid, far, away, silent] = [
      await person('Zed'),
      await person('Amy'),
      await person('Mid'),
      await person('Far'),
      await person('Away'),
      await person('Silent'),
    ];
    const lon = HERE.lon + 1;
    await share(me, HERE.lat, lon);
    await share(zed, north(0.1), lon);
    await share(amy, north(0.3), lon); // both round to my grid point
    await share(mid, north(3), lon);
    await share(far, north(30), lon);
    await share(away, north(80), lon);
    void silent;
    const page = await nearby(me);
    expect(page?.data.map((p) => [p.person.id, p.distance])).toEqual([
      [amy.id, 'within_1_km'],
      [zed.id, 'within_1_km'],
      [mid.id, 'within_5_km'],
      [far.id, 'within_50_km'],
    ]);
    expect(page?.total).toBe(4);
    expect(page?.sharing).toBe(true);
    // Timestamps left out: a time such as 05:25:39.504 would read as the latitude 39.5.
    const text = JSON.stringify(page).replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"');
    expect(text).toContain('"<time>"');
    expect(text).not.toMatch(/latitude|longitude|39\.5/);
  });

  it('rounds the asker’s own position too: a point 400 m off the grid is measured from the grid', async () => {
    const me = await person();
    const other = await person();
    // 39.504 rounds to 39.50; the other at 39.546 rounds to 39.55: 5.56 km apart on the grid
    // (4.7 km between the raw points, which would say within_5_km).
    await share(me, 39.504, HERE.lon + 2);
    await share(other, 39.546, HERE.lon + 2);
    expect((await nearby(me))?.data.find((p) => p.person.id === other.id)?.distance).toBe('within_20_km');
  });

  it('leaves out whoever stops sharing, whoever’s sharing expired, and people across a block', async () => {
    const [me, stops, blocked, expires] = [await person(), await person(), await person(), await person()];
    const lon = HERE.lon + 3;
    for (const p of [me, stops, blocked, expires]) await share(p, HERE.lat, lon);
    const ids = async () => (await nearby(me))?.data.map((p) => p.person.id) ?? [];
    expect(await ids()).toEqual(expect.arrayContaining([stops.id, blocked.id, expires.id]));
    expect((await stops.api.DELETE('/api/v1/users/me/location')).data?.data.sharing).toBe(false);
    await blocked.api.PUT('/api/v1/users/{id}/block', { params: { path: { id: me.id } } });
    expect(await ids()).toEqual([expires.id]);
    // A day later every share has expired: mine too, so the list is closed to me.
    const moved = await fetch(`${server.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 24 * 3600_000 + 1000 }),
    });
    expect(moved.status).toBe(200);
    expect((await expires.api.GET('/api/v1/users/me/location')).data?.data.sharing).toBe(false);
    expect(await nearby(me)).toMatchObject({ data: [], sharing: false });
  });

  it('shows seeded people around a campus, who can stop sharing like anyone', async () => {
    const me = await person();
    await share(me, 37.4275, -122.1697); // Stanford
    const page = await nearby(me);
    const seeded = page?.data.filter((p) => server.store.accounts.find(p.person.id)?.password_hash === null) ?? [];
    const schools = new Set(seeded.map((p) => server.store.accounts.find(p.person.id)?.university));
    // Berkeley's campus is 50 km away and at the edge of the widest band; no other campus is near.
    expect(schools).toContain('Stanford University');
    expect(
      [...schools].filter((s) => s !== 'Stanford University' && s !== 'University of California, Berkeley'),
    ).toEqual([]);
    // A seeded person stops like anyone else.
    const first = seeded[0]?.person.id ?? '';
    const user = server.store.accounts.find(first);
    if (!user) throw new Error('no seeded person');
    const token = await server.login(user.email, undefined, user.university ?? undefined);
    const them = server.client(token);
    await them.DELETE('/api/v1/users/me/location');
    expect((await nearby(me))?.data.map((p) => p.person.id)).not.toContain(first);
  });
});
