import { ensureResourceAvailability } from '../checks/ensure-resource-availability.ts';
import { goneAfterRemoval, secondRemovalRefused } from '../checks/use-after-free.ts';
import type { RunContext } from '../context.ts';
import { validBody } from '../inputs.ts';
import { acceptance, idOf, listContains, ok } from './answers.ts';

/**
 * Two channels created: one kept (its id is the run's channel, its messages read), one left and then
 * found gone from the user's channels, a second leave refused.
 */
export async function channelFlow(ctx: RunContext, handled: Set<string>): Promise<void> {
  const a = ctx.a;
  const store = ctx.op('storeChannel');
  if (!a?.token || !store) return;
  handled.add('storeChannel');
  const kept = await ctx.call('storeChannel', { body: validBody(ctx, store), token: a.token });
  acceptance(ctx, store, kept, 'creating a valid channel');
  const keptId = idOf(kept);
  if (ok(kept) && typeof keptId === 'string') ctx.channelId = keptId;
  const left = await ctx.call('storeChannel', { body: validBody(ctx, store), token: a.token });
  const leftId = idOf(left);
  if (ctx.op('listMyChannels')) {
    handled.add('listMyChannels');
    const listed = await listContains(ctx, 'listMyChannels', a, keptId);
    if (keptId !== undefined) {
      ctx.recorder.add(
        ensureResourceAvailability('storeChannel', 'listMyChannels', keptId, listed.contains, listed.ex),
      );
    }
  }
  if (ctx.op('getChannelMessages') && ctx.channelId) {
    handled.add('getChannelMessages');
    await ctx.call('getChannelMessages', { params: { id: ctx.channelId }, token: a.token });
    await ctx.call('getChannelMessages', { params: { id: ctx.channelId }, query: { limit: 5 }, token: a.token });
  }
  const leave = ctx.op('leaveChannel');
  if (leave && typeof leftId === 'string') {
    handled.add('leaveChannel');
    const ex = await ctx.call('leaveChannel', { params: { id: leftId }, token: a.token });
    acceptance(ctx, leave, ex, 'leaving a channel the user created');
    if (!ok(ex)) return;
    const after = await listContains(ctx, 'listMyChannels', a, leftId);
    ctx.recorder.add(goneAfterRemoval('leaveChannel', 'listMyChannels', leftId, after.contains, after.ex));
    const again = await ctx.call('leaveChannel', { params: { id: leftId }, token: a.token });
    if (again) ctx.recorder.add(secondRemovalRefused('leaveChannel', leftId, again));
  }
}
