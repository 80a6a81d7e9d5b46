import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startServer, type TestServer, validateResponse } from './helpers.ts';
import { jpeg, pdf, png } from './media-fixtures.ts';

let server: TestServer;
let owner: Person;
let outsider: Person;
let demo: { token: string; id: string };
let channelId: string;

async function upload(person: { token: string }, use: string, name: string, data: Buffer) {
  const form = new FormData();
  form.append('use', use);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${server.baseUrl}/api/v1/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${person.token}` },
    body: form,
  });
  const body = await res.json();
  expect(validateResponse('uploadMedia', res.status, body)).toEqual([]);
  expect(res.status).toBe(201);
  return body.data as { id: string; url: string; thumbnail_url?: string; name: string; size: number };
}

beforeAll(async () => {
  server = await startServer();
  owner = await server.register({ first_name: 'Ola', last_name: 'Owner' });
  outsider = await server.register({ first_name: 'Oscar', last_name: 'Outsider' });
  const token = await server.login();
  demo = { token, id: server.store.accounts.findByEmail('demo@cohort.test')?.id ?? '' };
  const created = await owner.api.POST('/api/v1/users/channels/store', {
    body: { name: 'Media club', description: 'Photos and files.', tags: [1], is_closed: true, users: [demo.id] },
  });
  channelId = created.data?.data.id ?? '';
  expect(channelId).toMatch(/^chan_/);
});
afterAll(() => server.close());

describe('uploaded files in messages and the media reads', () => {
  it('sends uploaded attachments by id and lists them by kind, newest first, paged', async () => {
    const photo = await upload(owner, 'attachment', 'demo-night.jpg', await jpeg());
    const brief = await upload(owner, 'attachment', 'brief.pdf', pdf());
    const sent = await owner.api.POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: channelId } },
      body: { message: 'Slides: https://example.edu/deck.', files: [{ id: photo.id }, { id: brief.id }] },
    });
    expect(sent.error).toBeUndefined();
    expect(sent.data?.data.files).toEqual([
      expect.objectContaining({
        id: photo.id,
        url: photo.url,
        file_type: 1,
        width: 64,
        height: 48,
        name: 'demo-night.jpg',
      }),
      expect.objectContaining({
        id: brief.id,
        url: brief.url,
        file_type: 2,
        mime: 'application/pdf',
        size: brief.size,
      }),
    ]);
    const second = await upload(owner, 'attachment', 'later.png', await png());
    await owner.api.POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: channelId } },
      body: { files: [{ id: second.id }] },
    });

    const read = (kind?: 'image' | 'file' | 'link' | 'gif', cursor?: string, limit?: number) =>
      server.client(demo.token).GET('/api/v1/channels/{id}/media', {
        params: {
          path: { id: channelId },
          query: { ...(kind ? { kind } : {}), ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}) },
        },
      });
    expect((await read('image')).data?.data.map((i) => i.name)).toEqual(['later.png', 'demo-night.jpg']);
    expect((await read('file')).data?.data.map((i) => [i.kind, i.url])).toEqual([['file', brief.url]]);
    expect((await read('link')).data?.data.map((i) => i.url)).toEqual(['https://example.edu/deck']);
    expect((await read('gif')).data?.data).toEqual([]);
    const first = await read(undefined, undefined, 2);
    expect(first.data?.meta.has_more).toBe(true);
    const rest = await read(undefined, first.data?.meta.next_cursor ?? '', 2);
    expect([...(first.data?.data ?? []), ...(rest.data?.data ?? [])].map((i) => i.kind)).toEqual([
      'image',
      'image',
      'file',
      'link',
    ]);
    expect(rest.data?.meta).toEqual({ has_more: false, next_cursor: null });
  });

  it('shows a group media only to its members (403), 404 for an unknown group, an empty page after a foreign cursor', async () => {
    const denied = await outsider.api.GET('/api/v1/channels/{id}/media', { params: { path: { id: channelId } } });
    expect(denied.error?.status).toBe(403);
    const unknown = await owner.api.GET('/api/v1/channels/{id}/media', {
      params: { path: { id: 'chan_AAAAAAAAAAAAAAAA' } },
    });
    expect(unknown.error?.status).toBe(404);
    const bad = await owner.api.GET('/api/v1/channels/{id}/media', {
      params: { path: { id: channelId }, query: { cursor: 'bm90LWEtY3Vyc29y' } },
    });
    expect(bad.data).toMatchObject({ data: [], meta: { has_more: false, next_cursor: null } });
  });

  it("lists a user's shared media only from groups the reader shares with them", async () => {
    const own = await owner.api.GET('/api/v1/users/{id}/media', {
      params: { path: { id: owner.id }, query: { kind: 'image' } },
    });
    expect(own.data?.data.map((i) => i.name)).toEqual(['later.png', 'demo-night.jpg']);
    const member = await server
      .client(demo.token)
      .GET('/api/v1/users/{id}/media', { params: { path: { id: owner.id } } });
    expect(member.data?.data).toHaveLength(4);
    const stranger = await outsider.api.GET('/api/v1/users/{id}/media', { params: { path: { id: owner.id } } });
    expect(stranger.data?.data).toEqual([]);
    const unknown = await outsider.api.GET('/api/v1/users/{id}/media', {
      params: { path: { id: 'usr_AAAAAAAAAAAAAAAA' } },
    });
    expect(unknown.error?.status).toBe(404);
  });

  it("refuses another user's upload, or one of another use, in a message (422 naming the file)", async () => {
    const foreign = await upload(outsider, 'attachment', 'x.png', await png());
    const avatar = await upload(owner, 'avatar', 'me.png', await png());
    const res = await owner.api.POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: channelId } },
      body: { files: [{ id: foreign.id }, { id: avatar.id }] },
    });
    expect(res.error?.status).toBe(422);
    expect(Object.keys(res.error?.fieldErrors ?? {})).toEqual(['files.0.id', 'files.1.id']);
  });
});

describe('profile photo and résumé from uploads', () => {
  it('sets the profile photo from an avatar upload', async () => {
    const avatar = await upload(owner, 'avatar', 'me.jpg', await jpeg());
    const res = await owner.api.PATCH('/api/v1/users/me', { body: { profile_image: avatar.id } });
    expect(res.data?.data.profile_image).toBe(avatar.url);
    expect(avatar.url).toMatch(/avatar\.webp$/);
    const wrong = await owner.api.PATCH('/api/v1/users/me', {
      body: { profile_image: (await upload(owner, 'attachment', 'a.png', await png())).id },
    });
    expect(wrong.error?.status).toBe(422);
    expect(Object.keys(wrong.error?.fieldErrors ?? {})).toEqual(['profile_image']);
  });

  it('sets, shows to others and removes the résumé', async () => {
    const cv = await upload(owner, 'resume', 'Ola_Owner_CV.pdf', pdf());
    const set = await owner.api.PATCH('/api/v1/users/me', { body: { resume: cv.id } });
    expect(set.data?.data.resume).toMatchObject({ url: cv.url, name: 'Ola_Owner_CV.pdf', size: cv.size });
    const seen = await outsider.api.GET('/api/v1/users/{id}', { params: { path: { id: owner.id } } });
    expect(seen.data?.data.resume?.url).toBe(cv.url);
    const foreign = await outsider.api.PATCH('/api/v1/users/me', { body: { resume: cv.id } });
    expect(foreign.error?.status).toBe(422);
    expect(Object.keys(foreign.error?.fieldErrors ?? {})).toEqual(['resume']);
    const removed = await owner.api.PATCH('/api/v1/users/me', { body: { resume: null } });
    expect(removed.data?.data.resume).toBeNull();
  });
});
