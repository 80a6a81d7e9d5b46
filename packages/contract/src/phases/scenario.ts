import { type Account, freshAccount, type RunContext } from '../context.ts';
import { acceptance } from './answers.ts';
import { channelFlow } from './channel-flow.ts';
import { genericSteps } from './generic-steps.ts';
import { experienceFlow, ITEM_FLOWS, itemFlow } from './item-flows.ts';
import { resourcesFlow } from './resources-flow.ts';
import { SignInError, signIn } from './sessions.ts';
import { stateFlows } from './state-flows.ts';

/**
 * The scenario: every selected operation in dependency order, using ids the server returned.
 * Independent flows (notes, clubs, channels, ...) run side by side; logout is left to `logoutStep`.
 */
export async function runScenario(ctx: RunContext, credentials?: Account): Promise<void> {
  const handled = new Set<string>(['register', 'login', 'getMe', 'logout', 'logoutViaGet']);
  const a: Account = credentials ? { ...credentials } : freshAccount('a');
  const b = freshAccount('b');
  ctx.a = a;
  ctx.b = b;
  const [failedA] = await Promise.all([signIn(ctx, a, !credentials), signIn(ctx, b, true, false)]);
  if (failedA !== undefined) {
    const who = credentials ? a.email : `a freshly registered user (${a.email})`;
    throw new SignInError(`could not sign in as ${who}: ${failedA}`);
  }
  for (const [name, id] of [
    ['UserId', a.id],
    ['UserId', b.id],
  ] as const) {
    if (id) ctx.refs.set(name, [...(ctx.refs.get(name) ?? []), id]);
  }
  await Promise.all([
    resourcesFlow(ctx, handled),
    ...ITEM_FLOWS.map((flow) => itemFlow(ctx, flow, handled)),
    experienceFlow(ctx, handled),
    channelFlow(ctx, handled),
    (async () => {
      const listFriends = ctx.op('listFriends');
      if (!listFriends || !a.token) return;
      handled.add('listFriends');
      const ex = await ctx.call('listFriends', { token: a.token });
      acceptance(ctx, listFriends, ex, "listing the signed-in user's friends");
    })(),
  ]);
  if (ctx.channelId) ctx.refs.set('ChannelId', [ctx.channelId]);
  await stateFlows(ctx, handled);
  await genericSteps(ctx, handled);
}
