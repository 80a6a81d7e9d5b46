import { expect } from 'vitest';
import { type AreaWriter, connect, listHas, listLacks } from './api.ts';

/**
 * News Feed and Stories: posts (to connections, to a group, one deleted), likes (one taken back),
 * comments (one deleted), a report; stories (one deleted) and a story seen.
 */
export const writeFeed: AreaWriter = async (http) => {
  const a = await http.register('Pia');
  const b = await http.register('Pat');
  await connect(http, a, b);
  const group = { name: 'Kept feed group', description: '', tags: [], is_closed: true, users: [b.id] };
  const channel = await http.call('POST', '/api/v1/users/channels/store', a.token, group);

  const post = await http.call('POST', '/api/v1/posts', a.token, {
    text: 'Kept post',
    link: 'https://example.org/kept',
  });
  const inGroup = await http.call('POST', '/api/v1/posts', a.token, {
    text: 'Kept group post',
    channel_id: channel.id,
  });
  const gonePost = await http.call('POST', '/api/v1/posts', a.token, { text: 'Deleted post' });
  await http.call('DELETE', `/api/v1/posts/${gonePost.id}`, a.token);
  await http.call('PUT', `/api/v1/posts/${post.id}/like`, b.token);
  await http.call('PUT', `/api/v1/posts/${inGroup.id}/like`, b.token);
  await http.call('DELETE', `/api/v1/posts/${inGroup.id}/like`, b.token);
  await http.call('POST', `/api/v1/posts/${post.id}/comments`, b.token, { text: 'Kept comment' });
  const goneComment = await http.call('POST', `/api/v1/posts/${post.id}/comments`, b.token, {
    text: 'Deleted comment',
  });
  await http.call('DELETE', `/api/v1/comments/${goneComment.id}`, a.token);
  await http.call('POST', `/api/v1/posts/${post.id}/report`, b.token, { reason: 'other', details: 'Kept report' });

  const story = await http.call('POST', '/api/v1/stories', a.token, { text: 'Kept story', background: 'ocean' });
  const goneStory = await http.call('POST', '/api/v1/stories', a.token, { text: 'Deleted story', background: 'ocean' });
  await http.call('DELETE', `/api/v1/stories/${goneStory.id}`, a.token);
  await http.call('POST', `/api/v1/stories/${story.id}/seen`, b.token);
  await http.call('POST', '/api/v1/stories', b.token, { text: 'Unseen story', background: 'sunset' });

  return {
    views: {
      feed: { token: b.token, path: '/api/v1/users/me/feed' },
      theirPosts: { token: b.token, path: `/api/v1/users/${a.id}/posts` },
      post: { token: b.token, path: `/api/v1/posts/${post.id}` },
      comments: { token: a.token, path: `/api/v1/posts/${post.id}/comments` },
      gonePost: { token: a.token, path: `/api/v1/posts/${gonePost.id}`, status: 404 },
      bStories: { token: b.token, path: '/api/v1/users/me/stories' },
      aStories: { token: a.token, path: '/api/v1/users/me/stories' },
      notices: { token: a.token, path: '/api/v1/users/me/notifications' },
    },
    check: (seen) => {
      listHas(seen.feed, { id: post.id, text: 'Kept post', like_count: 1, comment_count: 1, liked_by_me: true });
      listHas(seen.feed, { id: inGroup.id, like_count: 0, liked_by_me: false });
      listLacks(seen.feed, { id: gonePost.id });
      expect(seen.theirPosts).toMatchObject({ data: [{ id: inGroup.id }, { id: post.id }] });
      expect(seen.post).toMatchObject({ data: { id: post.id, link: 'https://example.org/kept', like_count: 1 } });
      expect(seen.comments).toMatchObject({ data: [{ text: 'Kept comment' }] });
      // B sees their own story first, then A's, already seen.
      expect(seen.bStories).toMatchObject({
        data: [
          { user: { id: b.id }, stories: [{ text: 'Unseen story' }] },
          { user: { id: a.id }, has_unseen: false, stories: [{ id: story.id, text: 'Kept story', seen: true }] },
        ],
      });
      expect(seen.aStories).toMatchObject({
        data: [{ user: { id: a.id } }, { user: { id: b.id }, has_unseen: true }],
      });
      listHas(seen.notices, { kind: 'post_liked', post_id: post.id });
      listHas(seen.notices, { kind: 'post_commented', post_id: post.id });
    },
    after: async (again) => {
      // The report is kept: a second one by the same person is refused.
      const report = await again.send('POST', `/api/v1/posts/${post.id}/report`, b.token, { reason: 'other' });
      expect(report.status).toBe(409);
    },
  };
};
