import { describe, expect, it } from 'vitest';
import { startServer, type TestServer, validateResponse } from './helpers.ts';
import { BOUNDARY, jpeg, multipart, rawPost, text } from './media-fixtures.ts';

async function upload(server: TestServer, token: string, use: string, filename: string, data: Buffer) {
  const answer = await rawPost(
    `${server.baseUrl}/api/v1/media`,
    multipart([
      { name: 'use', value: use },
      { name: 'file', file: { filename, data } },
    ]),
    { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  );
  const json = JSON.parse(answer.body);
  expect(validateResponse('uploadMedia', answer.status, json)).toEqual([]);
  return { ...answer, json };
}

const served = async (server: TestServer, url: string) => (await fetch(new URL(url, server.baseUrl))).status;

describe('uploadMedia past the write limit', () => {
  it('answers 429 with Retry-After once a token has used its uploads for the minute (limit 2)', async () => {
    const server = await startServer({ options: { authLimits: { writesPerToken: 2 } } });
    try {
      const token = await server.login();
      const first = await upload(server, token, 'attachment', 'a.txt', text());
      expect(first.status).toBe(201);
      expect(first.headers['ratelimit-limit']).toBe('2');
      expect((await upload(server, token, 'attachment', 'b.txt', text())).status).toBe(201);
      const refused = await upload(server, token, 'attachment', 'c.txt', text());
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json.success).toBe(false);
      expect(server.store.media.all()).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});

describe('uploads nothing uses are removed after a day of the mock clock', () => {
  it("removes an unused upload (row and files) and keeps a profile photo, a message file, a post's and a story's image and a recent upload", async () => {
    const server = await startServer();
    try {
      const token = await server.login();
      const api = server.client(token);
      const avatar = (await upload(server, token, 'avatar', 'me.jpg', await jpeg())).json.data;
      const sent = (await upload(server, token, 'attachment', 'agenda.txt', text())).json.data;
      const unused = (await upload(server, token, 'attachment', 'draft.txt', text())).json.data;
      await api.PATCH('/api/v1/users/me', { body: { profile_image: avatar.id } });
      const channel = (await api.GET('/api/v1/users/me/channels')).data?.data[0]?.id ?? '';
      const message = await api.POST('/api/v1/channels/{id}/messages', {
        params: { path: { id: channel } },
        body: { message: '', files: [{ id: sent.id }] },
      });
      expect(message.response?.status).toBe(201);
      const posted = (await upload(server, token, 'attachment', 'post.jpg', await jpeg())).json.data;
      const storied = (await upload(server, token, 'attachment', 'story.jpg', await jpeg())).json.data;
      const post = await api.POST('/api/v1/posts', { body: { images: [{ id: posted.id }] } });
      expect(post.response?.status).toBe(201);
      const story = await api.POST('/api/v1/stories', { body: { image: { id: storied.id } } });
      expect(story.response?.status).toBe(201);

      const moved = await fetch(`${server.baseUrl}/__mock/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_ms: 23 * 3_600_000 }),
      });
      expect(moved.status).toBe(200);
      const recent = (await upload(server, token, 'attachment', 'recent.txt', text())).json.data;
      // 23 hours on: nothing is old enough yet.
      expect(await served(server, unused.url)).toBe(200);
      await fetch(`${server.baseUrl}/__mock/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_ms: 2 * 3_600_000 }),
      });
      // The next upload sweeps first.
      await upload(server, token, 'attachment', 'next.txt', text());
      expect(await served(server, unused.url)).toBe(404);
      expect(server.store.media.get(unused.id)).toBeUndefined();
      expect(
        await api.POST('/api/v1/channels/{id}/messages', {
          params: { path: { id: channel } },
          body: { message: '', files: [{ id: unused.id }] },
        }),
      ).toMatchObject({ response: { status: 422 } });
      for (const kept of [avatar.url, sent.url, posted.url, storied.url, recent.url])
        expect(await served(server, kept)).toBe(200);
    } finally {
      await server.close();
    }
  });
});
