import type { RunContext } from '../context.ts';
import { idOf, ok } from './answers.ts';

/**
 * Feed events on the first user's own stream, provoked by that user alone (a post is seen by its
 * author): a post in the run's group, a like, a comment, the post deleted, a text story. Answers
 * the names of the events that should arrive; the server's refusal of a step just expects less.
 */
export async function provokeFeed(ctx: RunContext, token: string): Promise<string[]> {
  if (!ctx.op('createPost')) return [];
  const call = (id: string, options: Parameters<RunContext['call']>[1]) =>
    ctx.call(id, { ...options, token, check: false, remember: false });
  const expected: string[] = [];
  const body = ctx.channelId ? { text: 'Posted by cohort-contract.', channel_id: ctx.channelId } : { text: 'Posted.' };
  const created = await call('createPost', { body });
  const post = idOf(created);
  if (ok(created) && typeof post === 'string') {
    expected.push('post');
    if (ok(await call('likePost', { params: { id: post } }))) expected.push('post_liked');
    if (ok(await call('createComment', { params: { id: post }, body: { text: 'Commented by cohort-contract.' } })))
      expected.push('comment');
    if (ok(await call('deletePost', { params: { id: post } }))) expected.push('post_updated');
  }
  if (ctx.op('createStory')) {
    const story = await call('createStory', { body: { text: 'Shared by cohort-contract.', background: 'ocean' } });
    if (ok(story)) {
      expected.push('story');
      const id = idOf(story);
      if (typeof id === 'string') await call('deleteStory', { params: { id } });
    }
  }
  return expected;
}
