import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(new URL(path, server.baseUrl), init);

describe('seeded media, drawn by the mock (works offline; same name, same bytes)', () => {
  it("serves every seeded user's profile photo as a PNG, and an old SVG link moves to it", async () => {
    const token = await server.login();
    const { data } = await server.client(token).GET('/api/v1/users/me');
    const me = data?.data;
    expect(me?.profile_image).toBe(`/media/avatars/${me?.id}.png`);
    const res = await get(me?.profile_image ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(Buffer.from(await (await get(me?.profile_image ?? '')).arrayBuffer()).equals(bytes)).toBe(true);
    const old = await get(`/media/avatars/${me?.id}.svg`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/media/avatars/${me?.id}.png`);
  });

  it('gives seeded messages photos with their size, GIFs, files and links', async () => {
    const messages = Object.values(server.store.snapshot().messages).flat();
    const files = messages.flatMap((m) => m.files);
    const photo = files.find((f) => f.mime === 'image/jpeg');
    const gif = files.find((f) => f.mime === 'image/gif');
    const other = files.find((f) => f.file_type === 2);
    expect(photo).toMatchObject({ file_type: 1, width: 800, height: 600 });
    expect(gif).toMatchObject({ file_type: 1, width: 320, height: 240 });
    expect(messages.some((m) => /https:\/\//.test(m.message))).toBe(true);
    const jpg = await get(photo?.url ?? '');
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpg.headers.get('content-disposition')).toBe('inline');
    const animated = await get(gif?.url ?? '');
    expect(
      Buffer.from(await animated.arrayBuffer())
        .subarray(0, 3)
        .toString(),
    ).toBe('GIF');
    const file = await get(other?.url ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('gives some seeded users a résumé PDF of the size it says, served as a download', async () => {
    const users = server.store.accounts.all();
    const withResume = users.filter((u) => u.resume);
    expect(withResume.length).toBeGreaterThan(users.length / 10);
    expect(withResume.length).toBeLessThan(users.length / 2);
    const resume = withResume[0]?.resume;
    const res = await get(resume?.url ?? '');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(resume?.size);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lists seeded group media by kind, GIFs apart from photos', async () => {
    const token = await server.login();
    const demoId = server.store.accounts.findByEmail('demo@cohort.test')?.id ?? '';
    const channels = server.store.channels.all().filter((c) => c.users.includes(demoId));
    const kinds = new Set<string>();
    for (const c of channels) {
      const page = await server
        .client(token)
        .GET('/api/v1/channels/{id}/media', { params: { path: { id: c.id }, query: { limit: 100 } } });
      for (const item of page.data?.data ?? []) kinds.add(item.kind);
    }
    expect([...kinds].sort()).toEqual(['file', 'gif', 'image', 'link']);
  });

  it.each([
    ['an unknown user', '/media/avatars/usr_doesNotExist000000.png'],
    ['a wrong extension', '/media/images/abc.bmp'],
    ['an unknown résumé owner', '/media/resumes/usr_doesNotExist000000/A_Resume.pdf'],
  ])('answers 404 with the error envelope for %s', async (_name, path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false });
  });
});
