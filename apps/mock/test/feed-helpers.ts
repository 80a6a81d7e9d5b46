import { expect } from 'vitest';
import type { Person, TestServer } from './helpers.ts';
import { validateResponse } from './helpers.ts';

/** Two registered people become connections (the second's invitation accepts the first's). */
export async function connect(a: Person, b: Person): Promise<void> {
  await a.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: b.id } } });
  const { response } = await b.api.POST('/api/v1/users/{id}/connect', { params: { path: { id: a.id } } });
  expect(response?.status).toBeLessThan(300);
}

/** A closed, private group of `owner` with `members` in it. */
export async function group(owner: Person, members: Person[]): Promise<string> {
  const { data, error } = await owner.api.POST('/api/v1/users/channels/store', {
    body: {
      name: 'Feed test group',
      description: 'Private',
      tags: [],
      is_closed: true,
      users: members.map((m) => m.id),
    },
  });
  if (error) throw error;
  return data.data.id;
}

/** Uploads a file as `use` and answers its id. */
export async function upload(server: TestServer, who: Person, use: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('use', use);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.baseUrl}/api/v1/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}` },
    body: form,
  });
  const body = (await res.json()) as { data: { id: string } };
  expect(validateResponse('uploadMedia', res.status, body)).toEqual([]);
  expect(res.status).toBe(201);
  return body.data.id;
}

export const post = (
  who: Person,
  body: { text?: string; images?: { id: string }[]; link?: string; channel_id?: string },
) => who.api.POST('/api/v1/posts', { body: body as { text: string } });

export const getPost = (who: Person, id: string) => who.api.GET('/api/v1/posts/{id}', { params: { path: { id } } });

export const feedIds = async (who: Person, query: { cursor?: string; limit?: number } = {}) => {
  const { data, error } = await who.api.GET('/api/v1/users/me/feed', { params: { query } });
  if (error) throw error;
  return { ids: data.data.map((p) => p.id), next: data.meta.next_cursor, posts: data.data };
};

export async function moveClock(server: TestServer, ms: number): Promise<void> {
  const res = await fetch(`${server.baseUrl}/__mock/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  });
  expect(res.status).toBe(200);
}
