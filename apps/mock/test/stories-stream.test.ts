import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, group, moveClock, post, upload } from './feed-helpers.ts';
import { type Person, startServer, type TestServer, validateSchema } from './helpers.ts';
import { jpeg, pdf } from './media-fixtures.ts';
import { userStreams, waitFor } from './sse.ts';

let server: TestServer;
const openStream = userStreams();
beforeAll(async () => {
  server = await startServer({
    seed: { users: 40, channels: 2 },
    options: { authLimits: { registerPerAddress: 1000, writesPerToken: 1000 } },
  });
});
afterAll(() => server.close());

const person = () => server.register();
const story = (who: Person, body: Record<string, unknown>) =>
  who.api.POST('/api/v1/stories', { body: body as { text: string; background: string } });
const stories = async (who: Person) => (await who.api.GET('/api/v1/users/me/stories')).data?.data ?? [];
const seen = (who: Person, id: string) => who.api.POST('/api/v1/stories/{id}/seen', { params: { path: { id } } });

describe('stories', () => {
  it('the seed gives the demo account live stories of its connections and a feed of posts', async () => {
    const demo = server.client(await server.login());
    const groups = (await demo.GET('/api/v1/users/me/stories')).data?.data ?? [];
    expect(groups.length).toBeGreaterThan(0);
    const now = server.store.now().getTime();
    for (const s of groups.flatMap((g) => g.stories)) expect(Date.parse(s.expires_at)).toBeGreaterThan(now);
    expect((await demo.GET('/api/v1/users/me/feed')).data?.data.length).toBeGreaterThan(0);
  });

  it('grouped by person, the user first, unseen people before seen ones; seen is kept per viewer', async () => {
    const [me, early, late] = [await person(), await person(), await person()];
    await connect(me, early);
    await connect(me, late);
    const e1 = (await story(early, { text: 'Early', background: 'ocean' })).data?.data.id ?? '';
    await story(late, { text: 'Late', background: '#12ab9f' });
    await story(me, { text: 'Mine', background: 'night' });
    expect((await stories(me)).map((g) => [g.user.id, g.has_unseen])).toEqual([
      [me.id, false],
      [late.id, true],
      [early.id, true],
    ]);
    expect((await seen(me, e1)).data?.data).toMatchObject({ id: e1, seen: true });
    expect((await seen(me, e1)).data?.data.seen).toBe(true);
    expect((await stories(me)).map((g) => g.user.id)).toEqual([me.id, late.id, early.id]);
    await seen(me, (await stories(me))[1]?.stories[0]?.id ?? '');
    const after = await stories(me);
    expect(after.map((g) => [g.user.id, g.has_unseen])).toEqual([
      [me.id, false],
      [late.id, false],
      [early.id, false],
    ]);
    expect((await stories(late)).find((g) => g.user.id === early.id)).toBeUndefined();
  });

  it('expire 24 hours after they were made by the mock clock; then 404 to mark or delete', async () => {
    const [a, b] = [await person(), await person()];
    await connect(a, b);
    const made = (await story(a, { text: 'For a day', background: 'sunset' })).data?.data;
    expect(made).toMatchObject({ kind: 'text', text: 'For a day', background: 'sunset', seen: true });
    expect(Date.parse(made?.expires_at ?? '') - Date.parse(made?.created_at ?? '')).toBe(24 * 3600e3);
    expect((await stories(b)).map((g) => g.user.id)).toContain(a.id);
    await moveClock(server, 23 * 3600e3);
    expect((await stories(b)).map((g) => g.user.id)).toContain(a.id);
    await moveClock(server, 3600e3);
    expect((await stories(b)).map((g) => g.user.id)).not.toContain(a.id);
    expect((await stories(a)).map((g) => g.user.id)).not.toContain(a.id);
    expect((await seen(b, made?.id ?? '')).error?.status).toBe(404);
    expect(
      (await a.api.DELETE('/api/v1/stories/{id}', { params: { path: { id: made?.id ?? '' } } })).error?.status,
    ).toBe(404);
  });

  it('only connections see a story; only its author deletes it (403 for a viewer)', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await connect(a, b);
    const id = (await story(a, { text: 'Hi', background: 'berry' })).data?.data.id ?? '';
    expect((await seen(c, id)).error?.status).toBe(404);
    expect((await stories(c)).map((g) => g.user.id)).not.toContain(a.id);
    const del = (who: Person) => who.api.DELETE('/api/v1/stories/{id}', { params: { path: { id } } });
    expect((await del(b)).error?.status).toBe(403);
    expect((await del(a)).response?.status).toBe(200);
    expect((await stories(b)).map((g) => g.user.id)).not.toContain(a.id);
  });

  it('an image story from one’s own image upload; 422 naming each bad field', async () => {
    const a = await person();
    const image = await upload(server, a, 'attachment', 'story.jpg', await jpeg());
    const made = (await story(a, { image: { id: image } })).data?.data;
    expect(made).toMatchObject({ kind: 'image', text: null, background: null, image: { id: image } });
    const paper = await upload(server, a, 'attachment', 'paper.pdf', pdf());
    expect((await story(a, { image: { id: paper } })).error?.fieldErrors).toHaveProperty(['image.id']);
    // The two kinds exclude each other in the contract: each field that does not belong is named.
    const both = await story(a, { image: { id: image }, text: 'and text', background: 'ocean' });
    expect(both.error?.fieldErrors).toEqual({
      image: ['is not allowed'],
      text: ['is not allowed'],
      background: ['is not allowed'],
    });
    expect((await story(a, { text: 'x'.repeat(200), background: 'forest' })).response?.status).toBe(201);
    expect((await story(a, { text: 'x'.repeat(201), background: 'forest' })).error?.fieldErrors).toHaveProperty('text');
    expect((await story(a, { text: 'Hi', background: 'plaid' })).error?.fieldErrors).toHaveProperty('background');
    expect((await story(a, { text: 'Hi', background: '#12345' })).error?.fieldErrors).toHaveProperty('background');
    expect((await story(a, { text: 'No colour' })).error?.status).toBe(422);
    // A card of spaces alone: the text card's own rule is named, not the image kind's missing field.
    expect((await story(a, { text: '  \n ', background: 'ocean' })).error?.fieldErrors).toEqual({
      text: ['must hold more than spaces'],
    });
  });
});

describe('stream events reach exactly who may see them', () => {
  it('post, post_liked, comment, post_updated and story to connections and members; never to a stranger', async () => {
    const [a, b, c, m] = [await person(), await person(), await person(), await person()];
    await connect(a, b);
    const channelId = await group(a, [m]);
    const [sa, sb, sc, sm] = [
      await openStream(server.baseUrl, a.token),
      await openStream(server.baseUrl, b.token),
      await openStream(server.baseUrl, c.token),
      await openStream(server.baseUrl, m.token),
    ];
    const id = (await post(a, { text: 'Live' })).data?.data.id ?? '';
    const isPost = (e: { event: string; data: unknown }) => e.event === 'post' && (e.data as { id: string }).id === id;
    expect(validateSchema('UserPostEvent', await waitFor(sb, isPost))).toEqual([]);
    await waitFor(sa, isPost);
    const inGroup = (await post(a, { text: 'Members', channel_id: channelId })).data?.data.id ?? '';
    await waitFor(sm, (e) => e.event === 'post' && (e.data as { id: string }).id === inGroup);

    await b.api.PUT('/api/v1/posts/{id}/like', { params: { path: { id } } });
    const liked = await waitFor(sa, (e) => e.event === 'post_liked');
    expect(liked.data).toEqual({ post_id: id, user_id: b.id, liked: true, like_count: 1 });
    await b.api.POST('/api/v1/posts/{id}/comments', { params: { path: { id } }, body: { text: 'Nice' } });
    const commented = await waitFor(sa, (e) => e.event === 'comment');
    expect(commented.data).toMatchObject({ comment: { post_id: id, text: 'Nice' }, comment_count: 1 });
    await waitFor(sa, (e) => e.event === 'notification');
    await a.api.DELETE('/api/v1/posts/{id}', { params: { path: { id } } });
    expect((await waitFor(sb, (e) => e.event === 'post_updated')).data).toMatchObject({ post_id: id, deleted: true });
    await story(a, { text: 'Live story', background: 'ocean' });
    expect((await waitFor(sb, (e) => e.event === 'story')).data).toMatchObject({ user: { id: a.id } });

    // The stranger's own post is the last thing it hears; nothing of A's came before it.
    const own = (await post(c, { text: 'Mine' })).data?.data.id ?? '';
    await waitFor(sc, (e) => e.event === 'post' && (e.data as { id: string }).id === own);
    const feedEvents = ['post', 'post_liked', 'post_updated', 'comment', 'story'];
    expect(sc.events.filter((e) => feedEvents.includes(e.event)).map((e) => e.event)).toEqual(['post']);
    expect(sb.events.some((e) => e.event === 'post' && (e.data as { id: string }).id === inGroup)).toBe(false);
    expect(sm.events.some((e) => e.event === 'story')).toBe(false);
  });
});

describe('write limit', () => {
  it('posts, comments, stories and reports count against --write-limit per token (429 past it)', async () => {
    const limited = await startServer({
      seed: { users: 10, channels: 1 },
      options: { authLimits: { registerPerAddress: 1000, writesPerToken: 2 } },
    });
    try {
      const a = await limited.register();
      expect((await post(a, { text: '1' })).response?.status).toBe(201);
      expect((await post(a, { text: '2' })).response?.status).toBe(201);
      const third = await post(a, { text: '3' });
      expect(third.error?.status).toBe(429);
      expect(third.response?.headers.get('retry-after')).toMatch(/^\d+$/);
      await story(a, { text: '1', background: 'ocean' });
      await story(a, { text: '2', background: 'ocean' });
      expect((await story(a, { text: '3', background: 'ocean' })).error?.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
