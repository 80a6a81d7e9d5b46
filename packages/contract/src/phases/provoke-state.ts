import type { Operation } from '@cohort/openapi';
import type { CallOptions, RunContext } from '../context.ts';
import { validBody } from '../inputs.ts';
import type { Exchange } from '../types.ts';
import { idOf, ok } from './answers.ts';
import { note } from './provoke.ts';

/**
 * Declared statuses that need a state, set up on the first user's own things: a conflict (join a
 * group twice, unpin what is not pinned, delete a deleted message or list) and the success of an
 * undo (unlike, delete a comment, end another session). Nothing here touches another person's data.
 */

type Step = (ctx: RunContext, token: string) => Promise<void>;

/** Calls an operation the run selected, noting first what the call is meant to provoke. */
async function provoke(
  ctx: RunContext,
  operationId: string,
  status: number,
  what: string,
  options: CallOptions,
): Promise<Exchange | undefined> {
  const op = ctx.op(operationId);
  if (!op || !ctx.isSelected(operationId) || !op.responses[String(status)]) return undefined;
  note(ctx, operationId, status, what);
  return ctx.call(operationId, { ...options, remember: false });
}

/** A set-up call: not checked twice, not remembered for other steps. */
const setUp = (ctx: RunContext, operationId: string, options: CallOptions) =>
  ctx.op(operationId) ? ctx.call(operationId, { ...options, check: false, remember: false }) : undefined;

const groupAndMessage: Step = async (ctx, token) => {
  const channel = ctx.channelId;
  if (!channel) return;
  await provoke(ctx, 'joinChannel', 409, 'joining a group the user is already in', { params: { id: channel }, token });
  const sent = await setUp(ctx, 'sendMessage', {
    params: { id: channel },
    body: { message: 'Sent by cohort-contract to be deleted.' },
    token,
  });
  const message = idOf(sent);
  if (!ok(sent) || typeof message !== 'string') return;
  await provoke(ctx, 'unpinMessage', 409, 'unpinning a message that is not pinned', {
    params: { id: channel, msgId: message },
    token,
  });
  if (!ok(await setUp(ctx, 'deleteMessage', { params: { id: message }, token }))) return;
  await provoke(ctx, 'deleteMessage', 409, 'deleting a deleted message', { params: { id: message }, token });
  await provoke(ctx, 'editMessage', 409, 'editing a deleted message', {
    params: { id: message },
    body: { message: 'Edited by cohort-contract.' },
    token,
  });
};

const savedList: Step = async (ctx, token) => {
  const someone = ctx.b?.id;
  if (!someone) return;
  const created = await setUp(ctx, 'createSavedList', {
    body: { name: 'Conformance coverage check', user_ids: [someone] },
    token,
  });
  const id = idOf(created);
  if (!ok(created) || id === undefined) return;
  await provoke(ctx, 'restoreSavedList', 409, 'restoring a list that is not deleted', { params: { id }, token });
  if (!ok(await setUp(ctx, 'deleteSavedList', { params: { id }, token }))) return;
  await provoke(ctx, 'deleteSavedList', 409, 'deleting a list already in Recently Deleted', { params: { id }, token });
};

/** A call from the first user to the second, declined, then one answered and hung up; then each again. */
const calls: Step = async (ctx, token) => {
  const b = ctx.b;
  if (!b?.id || !b.token || !ctx.op('startCall')) return;
  // A call the run started earlier (a contract example) may still ring: the caller would be busy.
  const calls = (await setUp(ctx, 'listCalls', { token }))?.response.json as { data?: unknown } | undefined;
  for (const row of Array.isArray(calls?.data) ? (calls.data as { id?: unknown; status?: unknown }[]) : []) {
    if ((row.status === 'ringing' || row.status === 'active') && typeof row.id === 'string') {
      await setUp(ctx, 'hangUpCall', { params: { id: row.id }, token });
    }
  }
  const ring = async () => {
    const started = await setUp(ctx, 'startCall', { body: { user_id: b.id, kind: 'audio' }, token });
    const id = idOf(started);
    return ok(started) && id !== undefined ? id : undefined;
  };
  const declined = await ring();
  if (declined !== undefined) {
    const params = { id: declined };
    await provoke(ctx, 'declineCall', 200, 'the person called declining a ringing call', { params, token: b.token });
    await provoke(ctx, 'declineCall', 409, 'declining a call already declined', { params, token: b.token });
  }
  const answered = await ring();
  if (answered === undefined) return;
  const params = { id: answered };
  await provoke(ctx, 'acceptCall', 200, 'the person called answering a ringing call', { params, token: b.token });
  await provoke(ctx, 'acceptCall', 409, 'answering a call already answered', { params, token: b.token });
  await provoke(ctx, 'hangUpCall', 200, 'hanging up a call in progress', { params, token });
  await provoke(ctx, 'hangUpCall', 409, 'hanging up a call already ended', { params, token });
  const signal = ctx.op('sendCallSignal') ? validBody(ctx, ctx.op('sendCallSignal') as Operation) : undefined;
  if (signal !== undefined) {
    await provoke(ctx, 'sendCallSignal', 409, 'signalling in a call already ended', { params, body: signal, token });
  }
};

const twice: Step = async (ctx, token) => {
  const body = { name: `Conformance twice ${ctx.seed}` };
  if (!ok(await setUp(ctx, 'storeInterest', { body, token }))) return;
  await provoke(ctx, 'storeInterest', 409, 'the same interest a second time', { body, token });
};

const undo: Step = async (ctx, token) => {
  const created = await setUp(ctx, 'createPost', { body: { text: 'Posted by cohort-contract to be undone.' }, token });
  const post = idOf(created);
  if (!ok(created) || typeof post !== 'string') return;
  if (ok(await setUp(ctx, 'likePost', { params: { id: post }, token }))) {
    await provoke(ctx, 'unlikePost', 200, 'unliking a post the user liked', { params: { id: post }, token });
  }
  const comment = await setUp(ctx, 'createComment', { params: { id: post }, body: { text: 'To be deleted.' }, token });
  const commentId = idOf(comment);
  if (ok(comment) && commentId !== undefined) {
    await provoke(ctx, 'deleteComment', 200, "deleting the user's own comment", { params: { id: commentId }, token });
  }
  await setUp(ctx, 'deletePost', { params: { id: post }, token });
};

const otherSession: Step = async (ctx) => {
  const a = ctx.a;
  if (!a?.token || !ctx.op('login')) return;
  // A session of its own to end, so the run's token stays valid.
  const session = await setUp(ctx, 'login', {
    body: { uniName: a.university, email: a.email, password: a.password },
  });
  const token = (session?.response.json as { data?: { access_token?: unknown } } | undefined)?.data?.access_token;
  if (typeof token !== 'string') return;
  // The new session names itself as `current`; the run's own session then ends it.
  const listed = await setUp(ctx, 'listSessions', { token });
  const rows = (listed?.response.json as { data?: unknown } | undefined)?.data;
  const other = Array.isArray(rows)
    ? (rows as { id?: unknown; current?: unknown }[]).find((r) => r.current === true)
    : undefined;
  if (typeof other?.id !== 'string' && typeof other?.id !== 'number') return;
  await provoke(ctx, 'endSession', 200, 'ending another session of the user', {
    params: { id: other.id },
    token: a.token,
  });
};

/** The first user's own things only, one step after another (a step sets up what the next one needs). */
export async function runStateProvocations(ctx: RunContext): Promise<void> {
  const token = ctx.a?.token;
  if (!token) return;
  for (const step of [groupAndMessage, savedList, twice, calls, undo, otherSession]) await step(ctx, token);
}
