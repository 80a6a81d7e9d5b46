import { ok, type RouteContext, route } from '../engine/dispatch.ts';

/** News Feed and Stories: posts, likes, comments, reports, the feed and a person's posts; ctx.store.stories. */
export function feedRoutes(ctx: RouteContext): void {
  const page = <T>(data: T) => ({ success: true as const, message: 'OK', ...data });
  route(ctx, 'createPost', ({ session, body }) => ({
    status: 201,
    body: ok(ctx.store.posts.create(session.user.id, body), 'Posted.'),
  }));
  route(ctx, 'getPost', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.posts.view(ctx.store.posts.visible(session.user.id, params.id), session.user.id)),
  }));
  route(ctx, 'deletePost', ({ session, params }) => {
    ctx.store.posts.delete(session.user.id, params.id);
    return { status: 200, body: ok(null, 'Post deleted.') };
  });
  route(ctx, 'likePost', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.posts.like(session.user.id, params.id, true), 'Liked.'),
  }));
  route(ctx, 'unlikePost', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.posts.like(session.user.id, params.id, false), 'Like removed.'),
  }));
  route(ctx, 'listPostComments', ({ session, params, query }) => ({
    status: 200,
    body: page(ctx.store.posts.listComments(session.user.id, params.id, query.cursor, query.limit ?? 20)),
  }));
  route(ctx, 'createComment', ({ session, params, body }) => ({
    status: 201,
    body: ok(ctx.store.posts.addComment(session.user.id, params.id, body.text), 'Commented.'),
  }));
  route(ctx, 'deleteComment', ({ session, params }) => {
    ctx.store.posts.deleteComment(session.user.id, params.id);
    return { status: 200, body: ok(null, 'Comment deleted.') };
  });
  route(ctx, 'reportPost', ({ session, params, body }) => ({
    status: 201,
    body: ok(
      ctx.store.posts.reportPost(session.user.id, params.id, body.reason, body.details),
      'Thanks, the moderators will look at it.',
    ),
  }));
  route(ctx, 'getFeed', ({ session, query, setHeader }) => {
    const started = performance.now();
    const body = page(ctx.store.posts.feed(session.user.id, query.cursor, query.limit ?? 20));
    // The page's own time, for the bench (as searchUsers does).
    setHeader('Server-Timing', `feed;dur=${(performance.now() - started).toFixed(2)}`);
    return { status: 200, body };
  });
  route(ctx, 'listUserPosts', ({ session, params, query }) => ({
    status: 200,
    body: page(ctx.store.posts.ofUser(session.user.id, params.id, query.cursor, query.limit ?? 20)),
  }));
  route(ctx, 'createStory', ({ session, body }) => {
    const userId = session.user.id;
    const story = ctx.store.stories.create(userId, body, (id) => ctx.store.posts.image(userId, id, 'image.id'));
    return { status: 201, body: ok(story, 'Shared.') };
  });
  route(ctx, 'deleteStory', ({ session, params }) => {
    ctx.store.stories.delete(session.user.id, params.id);
    return { status: 200, body: ok(null, 'Story deleted.') };
  });
  route(ctx, 'markStorySeen', ({ session, params }) => ({
    status: 200,
    body: ok(ctx.store.stories.markSeen(session.user.id, params.id)),
  }));
  route(ctx, 'listStories', ({ session }) => ({ status: 200, body: ok(ctx.store.stories.list(session.user.id)) }));
}
