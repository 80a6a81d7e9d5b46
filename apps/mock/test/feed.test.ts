import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, feedIds, getPost, group, post, upload } from './feed-helpers.ts';
import { type Person, startServer, type TestServer } from './helpers.ts';
import { jpeg, pdf } from './media-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    seed: { users: 40, channels: 2 },
    options: { authLimits: { registerPerAddress: 1000, writesPerToken: 1000 } },
  });
});
afterAll(() => server.close());

const person = () => server.register();
const idOf = async (answer: ReturnType<typeof post>) => {
  const { data, error } = await answer;
  if (error) throw error;
  return data.data.id;
};

describe('who sees a post', () => {
  it('a post to connections: the author and their connections, not a stranger (404, as for an unknown id)', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await connect(a, b);
    const id = await idOf(post(a, { text: 'Hello connections' }));
    expect((await getPost(b, id)).data?.data).toMatchObject({ id, audience: 'connections', group: null });
    expect((await feedIds(b)).ids).toContain(id);
    expect((await feedIds(a)).ids).toContain(id);
    expect((await getPost(c, id)).error?.status).toBe(404);
    expect((await getPost(c, 'post_NoSuchPost00000000')).error?.status).toBe(404);
    expect((await feedIds(c)).ids).not.toContain(id);
    const ofA = (who: Person) => who.api.GET('/api/v1/users/{id}/posts', { params: { path: { id: a.id } } });
    expect((await ofA(b)).data?.data.map((p) => p.id)).toEqual([id]);
    expect((await ofA(c)).data?.data).toEqual([]);
  });

  it('a post in a private group: its members only, whether or not they are connected to the author', async () => {
    const [a, member, outsider] = [await person(), await person(), await person()];
    await connect(a, outsider);
    const channelId = await group(a, [member]);
    const id = await idOf(post(a, { text: 'Members only', channel_id: channelId }));
    expect((await getPost(member, id)).data?.data).toMatchObject({ audience: 'group', group: { id: channelId } });
    expect((await feedIds(member)).ids).toContain(id);
    expect((await getPost(outsider, id)).error?.status).toBe(404);
    expect((await feedIds(outsider)).ids).not.toContain(id);
  });

  it('a block hides each one’s posts from the other, both ways, and unblocking shows group posts again', async () => {
    const [a, b] = [await person(), await person()];
    const channelId = await group(a, [b]);
    const fromA = await idOf(post(a, { text: 'From A', channel_id: channelId }));
    const fromB = await idOf(post(b, { text: 'From B', channel_id: channelId }));
    await b.api.PUT('/api/v1/users/{id}/block', { params: { path: { id: a.id } } });
    expect((await getPost(b, fromA)).error?.status).toBe(404);
    expect((await getPost(a, fromB)).error?.status).toBe(404);
    expect((await feedIds(a)).ids).toEqual([fromA]);
    expect((await feedIds(b)).ids).toEqual([fromB]);
    await b.api.DELETE('/api/v1/users/{id}/block', { params: { path: { id: a.id } } });
    expect((await feedIds(b)).ids).toEqual([fromB, fromA]);
  });
});

describe('the feed', () => {
  it('pages newest first without duplicates or gaps while new posts arrive', async () => {
    const [a, b] = [await person(), await person()];
    await connect(a, b);
    const first: string[] = [];
    for (let i = 0; i < 7; i++) first.push(await idOf(post(a, { text: `Post ${i}` })));
    const seen: string[] = [];
    let added = 0;
    let page = await feedIds(b, { limit: 3 });
    seen.push(...page.ids);
    while (page.next) {
      // Two new posts between every two pages: they go on a fresh first page, never into this walk.
      await idOf(post(a, { text: 'Newer' }));
      await idOf(post(a, { text: 'Newer still' }));
      added += 2;
      page = await feedIds(b, { limit: 3, cursor: page.next });
      seen.push(...page.ids);
    }
    expect(seen).toEqual([...first].reverse());
    expect(added).toBe(4);
    expect((await feedIds(b, { limit: 50 })).ids).toHaveLength(7 + added);
    expect((await feedIds(b, { cursor: 'bm90LWEtY3Vyc29y' })).ids).toEqual([]);
  });
});

describe('likes and comments', () => {
  it('likes are idempotent and counted; the author is notified once, not of their own like', async () => {
    const [a, b] = [await person(), await person()];
    await connect(a, b);
    const id = await idOf(post(a, { text: 'Like me' }));
    const like = (who: Person) => who.api.PUT('/api/v1/posts/{id}/like', { params: { path: { id } } });
    const unlike = (who: Person) => who.api.DELETE('/api/v1/posts/{id}/like', { params: { path: { id } } });
    expect((await like(b)).data?.data).toMatchObject({ like_count: 1, liked_by_me: true });
    expect((await like(b)).data?.data).toMatchObject({ like_count: 1, liked_by_me: true });
    expect((await like(a)).data?.data).toMatchObject({ like_count: 2, liked_by_me: true });
    expect((await getPost(b, id)).data?.data).toMatchObject({ like_count: 2, liked_by_me: true });
    expect((await unlike(b)).data?.data).toMatchObject({ like_count: 1, liked_by_me: false });
    expect((await unlike(b)).data?.data).toMatchObject({ like_count: 1, liked_by_me: false });
    const notes = (await a.api.GET('/api/v1/users/me/notifications')).data?.data ?? [];
    expect(notes.filter((n) => n.kind === 'post_liked')).toEqual([
      expect.objectContaining({ post_id: id, actor: expect.objectContaining({ id: b.id }) }),
    ]);
  });

  it('the author’s notification settings govern post_liked and post_commented', async () => {
    const [a, b] = [await person(), await person()];
    await connect(a, b);
    await a.api.PATCH('/api/v1/users/me/settings', { body: { notifications: { post_liked: false } } });
    const id = await idOf(post(a, { text: 'Quiet likes' }));
    await b.api.PUT('/api/v1/posts/{id}/like', { params: { path: { id } } });
    await b.api.POST('/api/v1/posts/{id}/comments', { params: { path: { id } }, body: { text: 'Loud comment' } });
    const kinds = ((await a.api.GET('/api/v1/users/me/notifications')).data?.data ?? []).map((n) => n.kind);
    expect(kinds.filter((k) => k.startsWith('post_'))).toEqual(['post_commented']);
  });

  it('comments: paged oldest first; deleted by their author or the post’s author, 403 for another viewer', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await connect(a, b);
    await connect(a, c);
    const id = await idOf(post(a, { text: 'Discuss' }));
    const comment = async (who: Person, text: string) => {
      const { data, error } = await who.api.POST('/api/v1/posts/{id}/comments', {
        params: { path: { id } },
        body: { text },
      });
      if (error) throw error;
      return data.data.id;
    };
    const remove = (who: Person, cid: string) =>
      who.api.DELETE('/api/v1/comments/{id}', { params: { path: { id: cid } } });
    const [b1, c1, b2] = [await comment(b, 'one'), await comment(c, 'two'), await comment(b, 'three')];
    const list = (cursor?: string) =>
      c.api.GET('/api/v1/posts/{id}/comments', { params: { path: { id }, query: { limit: 2, cursor } } });
    const page1 = (await list()).data;
    expect(page1?.data.map((x) => x.id)).toEqual([b1, c1]);
    expect((await list(page1?.meta.next_cursor ?? undefined)).data?.data.map((x) => x.id)).toEqual([b2]);
    expect((await getPost(c, id)).data?.data.comment_count).toBe(3);
    expect((await remove(c, b1)).error?.status).toBe(403);
    expect((await remove(b, b1)).response?.status).toBe(200);
    expect((await remove(a, c1)).response?.status).toBe(200);
    expect((await remove(b, b1)).error?.status).toBe(404);
    expect((await getPost(c, id)).data?.data.comment_count).toBe(1);
    const stranger = await person();
    expect((await remove(stranger, b2)).error?.status).toBe(404);
    const notes = (await a.api.GET('/api/v1/users/me/notifications')).data?.data ?? [];
    expect(notes.filter((n) => n.kind === 'post_commented')).toHaveLength(3);
  });

  it('only the author deletes a post (403 for a viewer); its comments go with it', async () => {
    const [a, b] = [await person(), await person()];
    await connect(a, b);
    const id = await idOf(post(a, { text: 'Short-lived' }));
    await b.api.POST('/api/v1/posts/{id}/comments', { params: { path: { id } }, body: { text: 'bye' } });
    const del = (who: Person) => who.api.DELETE('/api/v1/posts/{id}', { params: { path: { id } } });
    expect((await del(b)).error?.status).toBe(403);
    expect((await del(a)).response?.status).toBe(200);
    expect((await getPost(a, id)).error?.status).toBe(404);
    expect((await del(a)).error?.status).toBe(404);
    expect(server.store.posts.all().comments.filter((c) => c.post_id === id)).toEqual([]);
  });

  it('reports a post once (409 the second time)', async () => {
    const [a, b] = [await person(), await person()];
    await connect(a, b);
    const id = await idOf(post(a, { text: 'Spam?' }));
    const report = () =>
      b.api.POST('/api/v1/posts/{id}/report', { params: { path: { id } }, body: { reason: 'spam' } });
    expect((await report()).data?.data).toMatchObject({ post_id: id, reason: 'spam' });
    expect((await report()).error?.status).toBe(409);
  });
});

describe('bad input', () => {
  it('401 without a token', async () => {
    expect((await server.client().GET('/api/v1/users/me/feed')).error?.status).toBe(401);
    expect((await server.client().POST('/api/v1/posts', { body: { text: 'x' } })).error?.status).toBe(401);
  });

  it('limits: text 5,000 and a comment 2,000 characters are taken, one more is a 422 naming the field', async () => {
    const a = await person();
    expect((await post(a, { text: 'x'.repeat(5000) })).response?.status).toBe(201);
    expect((await post(a, { text: 'x'.repeat(5001) })).error?.fieldErrors).toHaveProperty('text');
    const id = await idOf(post(a, { text: 'ok' }));
    const comment = (text: string) =>
      a.api.POST('/api/v1/posts/{id}/comments', { params: { path: { id } }, body: { text } });
    expect((await comment('y'.repeat(2000))).response?.status).toBe(201);
    expect((await comment('y'.repeat(2001))).error?.fieldErrors).toHaveProperty('text');
    expect((await comment('')).error?.fieldErrors).toHaveProperty('text');
    // Only spaces: the contract's pattern, said in words (not ajv's quoted regular expression).
    const blank = await comment(' \t \n ');
    expect(blank.error?.status).toBe(422);
    expect(blank.error?.fieldErrors).toEqual({ text: ['must hold more than spaces'] });
    expect((await comment('  kept  ')).data?.data.text).toBe('kept');
  });

  it("a post of spaces alone is 422 naming text and images (the contract's text branch); with an image it is kept", async () => {
    const a = await person();
    const blank = await post(a, { text: ' \t \n ' });
    expect(blank.error?.status).toBe(422);
    expect(blank.error?.fieldErrors).toEqual({ text: ['must hold more than spaces'], images: ['is required'] });
    const image = await upload(server, a, 'attachment', 'photo.jpg', await jpeg());
    const withImage = await post(a, { text: '   ', images: [{ id: image }] });
    expect(withImage.data?.data).toMatchObject({ text: '', images: [{ id: image }] });
  });

  it('images: four of one’s own are taken; five, a PDF, another’s or a repeated file are 422 naming each', async () => {
    const [a, b] = [await person(), await person()];
    const mine = [];
    for (let i = 0; i < 4; i++) mine.push({ id: await upload(server, a, 'attachment', `p${i}.jpg`, await jpeg()) });
    const four = await post(a, { images: mine });
    expect(four.data?.data.images).toHaveLength(4);
    expect(four.data?.data.text).toBe('');
    const five = await post(a, { images: [...mine, mine[0] as { id: string }] });
    expect(five.error?.fieldErrors).toHaveProperty('images');
    const paper = await upload(server, a, 'attachment', 'paper.pdf', pdf());
    const theirs = await upload(server, b, 'attachment', 'theirs.jpg', await jpeg());
    const avatar = await upload(server, a, 'avatar', 'me.jpg', await jpeg());
    const bad = await post(a, { images: [{ id: paper }, { id: theirs }, { id: avatar }, mine[1] as { id: string }] });
    expect(Object.keys(bad.error?.fieldErrors ?? {}).sort()).toEqual(['images.0.id', 'images.1.id', 'images.2.id']);
    const twice = await post(a, { images: [mine[2] as { id: string }, mine[2] as { id: string }] });
    expect(Object.keys(twice.error?.fieldErrors ?? {})).toEqual(['images.1.id']);
  });

  it('422 naming each bad field: an empty post, a link that is no web address, a group one is not in, extra fields', async () => {
    const [a, b] = [await person(), await person()];
    const theirs = await group(b, []);
    expect((await post(a, {})).error?.status).toBe(422);
    expect((await post(a, { text: '   ' })).error?.fieldErrors).toHaveProperty('text');
    expect((await post(a, { text: 'x', link: 'javascript:alert(1)' })).error?.fieldErrors).toHaveProperty('link');
    expect((await post(a, { text: 'x', channel_id: theirs })).error?.fieldErrors).toHaveProperty('channel_id');
    const extra = await a.api.POST('/api/v1/posts', { body: { text: 'x', audience: 'everyone' } as { text: string } });
    expect(extra.error?.fieldErrors).toHaveProperty('audience');
    const badId = await getPost(a, 'not-a-post');
    expect(badId.error?.status).toBe(422);
  });
});
