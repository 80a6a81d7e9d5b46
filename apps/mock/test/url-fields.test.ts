import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let author: Person;
let reader: Person;
let channelId: string;

beforeAll(async () => {
  server = await startServer({ seed: { users: 20, channels: 2 } });
  author = await server.register({ first_name: 'Ursula', last_name: 'Urls' });
  reader = await server.register({ first_name: 'Rita', last_name: 'Reader' });
  const created = await author.api.POST('/api/v1/users/channels/store', {
    body: { name: 'Links', description: 'Shared links.', tags: [1], is_closed: true, users: [reader.id] },
  });
  channelId = created.data?.data.id ?? '';
  expect(channelId).toMatch(/^chan_/);
});
afterAll(() => server.close());

const SCRIPTS = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x.png',
];

const send = (files: unknown[]) =>
  author.api.POST('/api/v1/channels/{id}/messages', {
    params: { path: { id: channelId } },
    body: { message: 'Files', files } as { files: { url: string; file_type: 1 | 2 }[] },
  });

describe('URL fields take http(s) or a path of the mock’s own media, nothing else', () => {
  it.each(SCRIPTS)('profile_image %j is 422 naming profile_image, and nobody is shown it', async (url) => {
    const res = await author.api.PATCH('/api/v1/users/me', { body: { profile_image: url } });
    expect(res.error?.status).toBe(422);
    expect(Object.keys(res.error?.fieldErrors ?? {})).toEqual(['profile_image']);
    expect(res.error?.fieldErrors.profile_image?.[0]).toMatch(/http\(s\) URL/);
    const seen = await reader.api.GET('/api/v1/users/{id}', { params: { path: { id: author.id } } });
    expect(seen.data?.data.profile_image ?? '').not.toContain(':alert');
  });

  it.each(SCRIPTS)("a message file's url or thumbnail_url %j is 422 naming the field", async (url) => {
    const res = await send([
      { url: 'https://example.edu/fine.pdf', file_type: 2 },
      { url, file_type: 2 },
    ]);
    expect(res.error?.status).toBe(422);
    expect(Object.keys(res.error?.fieldErrors ?? {})).toEqual(['files.1.url']);
    const thumb = await send([{ url: '/media/images/fine.jpg', file_type: 1, thumbnail_url: url }]);
    expect(thumb.error?.status).toBe(422);
    expect(Object.keys(thumb.error?.fieldErrors ?? {})).toEqual(['files.0.thumbnail_url']);
    const read = await reader.api.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: channelId } } });
    const urls = (read.data?.data ?? []).flatMap((m) => m.files.flatMap((f) => [f.url, f.thumbnail_url]));
    expect(urls.filter((u) => u?.includes(':alert') || u?.startsWith('//'))).toEqual([]);
  });

  it('takes an http(s) URL or a /media/ path, as before', async () => {
    const me = await author.api.PATCH('/api/v1/users/me', {
      body: { profile_image: 'https://images.example.edu/me.jpg' },
    });
    expect(me.data?.data.profile_image).toBe('https://images.example.edu/me.jpg');
    const sent = await send([
      { url: 'http://files.example.edu/plan.pdf', file_type: 2 },
      { url: '/media/images/seeded.jpg', file_type: 1, thumbnail_url: '/media/images/seeded.jpg' },
    ]);
    expect(sent.error).toBeUndefined();
    expect(sent.data?.data.files.map((f) => f.url)).toEqual([
      'http://files.example.edu/plan.pdf',
      '/media/images/seeded.jpg',
    ]);
  });
});
