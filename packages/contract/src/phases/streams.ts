import { type Operation, resolveRef } from '@cohort/openapi';
import { fail, pass, skip } from '../checks/diagnostic.ts';
import { normalisePointer } from '../checks/response-schema-conformance.ts';
import type { Account, RunContext } from '../context.ts';
import { SseStream } from '../sse.ts';
import type { Diagnostic } from '../types.ts';
import { dataOf, idOf, ok } from './answers.ts';
import { provokeFeed } from './stream-feed.ts';

/**
 * Event streams (`stream_conformance`): each SSE operation is opened as the first user, events are
 * provoked through the API, and every event that arrives must carry a declared name and data valid
 * against that event's schema; the provoked ones must arrive; a keep-alive must come within the
 * declared interval; a reconnect with `Last-Event-ID` replays the messages missed; logout ends it.
 */

interface StreamSpec {
  op: Operation;
  /** Event name → its schema (the `x-events` union's discriminator mapping). */
  events: Map<string, unknown>;
  keepAliveMs?: number;
  resumable: boolean;
}

/** `x-events` names its union by a JSON pointer string (a `$ref` object there breaks strict-refs linting); older files used `$ref`. */
export function eventUnion(value: unknown): { $ref: string } | undefined {
  if (typeof value === 'string') return { $ref: value };
  const ref = (value as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' ? { $ref: ref } : undefined;
}

function specOf(ctx: RunContext, op: Operation): StreamSpec | undefined {
  const media = op.responses['200']?.content?.['text/event-stream'] as Record<string, unknown> | undefined;
  const union = eventUnion(media?.['x-events']);
  if (!union) return undefined;
  const resolved = resolveRef<{ discriminator?: { mapping?: Record<string, string> } }>(ctx.doc, union as never);
  const events = new Map<string, unknown>();
  for (const [name, ref] of Object.entries(resolved.discriminator?.mapping ?? {})) events.set(name, { $ref: ref });
  const seconds = media?.['x-keep-alive-seconds'];
  return {
    op,
    events,
    ...(typeof seconds === 'number' ? { keepAliveMs: seconds * 1000 } : {}),
    resumable: op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'last-event-id'),
  };
}

const code = 'stream_conformance' as const;

function open(ctx: RunContext, spec: StreamSpec, account: Account, extra: Record<string, string> = {}) {
  const path = spec.op.path.replace('{id}', encodeURIComponent(ctx.channelId ?? ''));
  const headers: Record<string, string> = { accept: 'text/event-stream', ...extra };
  if (account.token) headers.authorization = `Bearer ${account.token}`;
  return SseStream.open(ctx.http.url(path), headers, ctx.http.timeoutMs);
}

/** Every event: a declared name, JSON data valid against that event's schema. */
function validateEvents(ctx: RunContext, spec: StreamSpec, stream: SseStream): Diagnostic[] {
  const out: Diagnostic[] = [];
  const id = spec.op.operationId;
  for (const e of stream.events) {
    const schema = spec.events.get(e.event);
    if (!schema) {
      out.push(
        fail(id, code, `event "${e.event}" is not declared in x-events`, undefined, {
          schemaPath: `event ${e.event}`,
          actual: e.event,
        }),
      );
      continue;
    }
    let data: unknown;
    try {
      data = JSON.parse(e.data);
    } catch {
      out.push(
        fail(id, code, `event "${e.event}": data is not JSON`, undefined, {
          schemaPath: `event ${e.event} data`,
          actual: e.data.slice(0, 200),
        }),
      );
      continue;
    }
    const validate = ctx.responses.validator(`stream ${id} ${e.event}`, schema);
    const value = { event: e.event, data, ...(e.id !== undefined ? { id: e.id } : {}) };
    if (validate(value)) out.push(pass(id, code));
    else {
      const first = validate.errors?.[0];
      out.push(
        fail(
          id,
          code,
          `event "${e.event}" ${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}`.trim(),
          undefined,
          // Where in the event and which rule, as response bodies are keyed (Ajv's own schemaPath
          // depends on how the schema was compiled: inside a called component it starts at `#/`).
          {
            schemaPath:
              `event ${e.event} ${normalisePointer(first?.instancePath ?? '')} ${first?.keyword ?? ''}`.trim(),
            actual: value,
          },
        ),
      );
    }
  }
  return out;
}

function keepAlive(spec: StreamSpec, stream: SseStream): Diagnostic {
  const id = spec.op.operationId;
  if (spec.keepAliveMs === undefined) return skip(id, code, 'no x-keep-alive-seconds declared');
  const limit = spec.keepAliveMs * 1.2 + 500;
  const first = stream.comments[0];
  if (first !== undefined && first <= limit) return pass(id, code);
  if (stream.elapsed < limit) {
    return skip(
      id,
      code,
      `listened ${Math.round(stream.elapsed)} ms, less than the declared keep-alive interval (${spec.keepAliveMs / 1000} s): pass --stream-wait ${Math.ceil(limit)} to check it`,
    );
  }
  return fail(
    id,
    code,
    `no keep-alive comment within the declared ${spec.keepAliveMs / 1000} s (listened ${Math.round(stream.elapsed)} ms)`,
    undefined,
    { schemaPath: 'x-keep-alive-seconds', expected: `a comment line within ${spec.keepAliveMs} ms`, actual: 'none' },
  );
}

/** Provokes events as the first user (and the second): a message, its pin and edit, an invitation, feed events. */
async function provoke(ctx: RunContext, user: boolean): Promise<{ expected: Set<string>; message?: string }> {
  const { a, b, channelId } = ctx;
  const expected = new Set<string>();
  if (!a?.token || !channelId) return { expected };
  const call = (id: string, options: Parameters<RunContext['call']>[1]) =>
    ctx.call(id, { ...options, check: false, remember: false });
  const sent = await call('sendMessage', {
    params: { id: channelId },
    body: { message: 'Streamed by cohort-contract.' },
    token: a.token,
  });
  const message = idOf(sent);
  if (ok(sent) && typeof message === 'string') {
    expected.add('message');
    if (ok(await call('pinMessage', { params: { id: channelId, msgId: message }, token: a.token })))
      expected.add('pin');
    if (
      ok(
        await call('editMessage', {
          params: { id: message },
          body: { message: 'Edited by cohort-contract.' },
          token: a.token,
        }),
      )
    )
      expected.add('message_updated');
  }
  if (user && b?.token && a.id && ctx.op('connectUser')) {
    const invited = await call('connectUser', { params: { id: a.id }, token: b.token });
    // An invitation to the user is a `connection` event and a new notification (a `notification` event).
    if (ok(invited)) for (const name of ['connection', 'notification']) expected.add(name);
    const withdrawn = idOf(invited);
    if (withdrawn !== undefined) await call('withdrawConnection', { params: { id: withdrawn }, token: b.token });
  }
  if (user) for (const name of await provokeFeed(ctx, a.token)) expected.add(name);
  return { expected, ...(typeof message === 'string' ? { message } : {}) };
}

async function checkStream(
  ctx: RunContext,
  spec: StreamSpec,
  waitMs: number,
  session: Promise<string | undefined>,
): Promise<void> {
  const { a } = ctx;
  const id = spec.op.operationId;
  if (!a?.token || (spec.op.path.includes('{id}') && !ctx.channelId)) {
    ctx.recorder.add(skip(id, code, 'no signed-in user or group to stream'));
    return;
  }
  const stream = await open(ctx, spec, a);
  if (stream.status !== 200) {
    stream.close();
    ctx.recorder.add(skip(id, code, `the stream answered ${stream.status}`));
    return;
  }
  const { expected, message } = await provoke(ctx, !spec.op.path.includes('{id}'));
  // Only events this stream declares are expected on it.
  for (const name of expected) if (!spec.events.has(name)) expected.delete(name);
  const names = () => new Set(stream.events.map((e) => e.event));
  await stream.until(() => [...expected].every((n) => names().has(n)), waitMs);
  // Listen on for the keep-alive, as long as the declared interval needs (bounded by --stream-wait).
  // Only when the declared interval fits in --stream-wait; else the check says how to run it.
  const keepAliveWait = (spec.keepAliveMs ?? Number.POSITIVE_INFINITY) * 1.2 + 500;
  if (keepAliveWait <= waitMs) {
    await stream.until(() => stream.comments.length > 0, Math.max(0, keepAliveWait - stream.elapsed));
  }
  stream.close();
  ctx.recorder.add(validateEvents(ctx, spec, stream));
  for (const name of expected) {
    if (!names().has(name))
      ctx.recorder.add(
        fail(id, code, `provoked a "${name}" event through the API, none arrived within ${waitMs} ms`, undefined, {
          schemaPath: `event ${name} provoked`,
          expected: name,
          actual: [...names()],
        }),
      );
  }
  ctx.recorder.add(keepAlive(spec, stream));
  if (spec.resumable) await resume(ctx, spec, stream, message, waitMs);
  await endsOnLogout(ctx, spec, waitMs, await session);
}

/** A reconnect with `Last-Event-ID` set to the last message seen replays the message sent while away. */
async function resume(
  ctx: RunContext,
  spec: StreamSpec,
  first: SseStream,
  sentBefore: string | undefined,
  waitMs: number,
): Promise<void> {
  const id = spec.op.operationId;
  const last = [...first.events].reverse().find((e) => e.event === 'message' && e.id)?.id ?? sentBefore;
  if (!last || !ctx.a?.token || !ctx.channelId) return ctx.recorder.add(skip(id, code, 'no message id to resume from'));
  const missed = idOf(
    await ctx.call('sendMessage', {
      params: { id: ctx.channelId },
      body: { message: 'Missed while away.' },
      token: ctx.a.token,
      check: false,
      remember: false,
    }),
  );
  if (typeof missed !== 'string') return;
  const again = await open(ctx, spec, ctx.a, { 'last-event-id': last });
  const replayed = await again.until(() => again.events.some((e) => e.event === 'message' && e.id === missed), waitMs);
  again.close();
  ctx.recorder.add(
    replayed
      ? pass(id, code)
      : fail(
          id,
          code,
          `reconnecting with Last-Event-ID ${last} did not replay message ${missed}, sent in between`,
          undefined,
          { schemaPath: 'Last-Event-ID', expected: missed, actual: again.events.map((e) => e.id ?? e.event) },
        ),
  );
}

/** A session of the first user of its own (a stream's logout check ends it), or undefined. */
async function signInAgain(ctx: RunContext): Promise<string | undefined> {
  const { a } = ctx;
  if (!a || !ctx.op('logout') || !ctx.op('login')) return undefined;
  const session = await ctx.call('login', {
    body: { uniName: a.university, email: a.email, password: a.password },
    check: false,
  });
  const token = (dataOf(session) as { access_token?: unknown } | undefined)?.access_token;
  return typeof token === 'string' ? token : undefined;
}

/** A stream opened with a session's token ends when that session logs out. */
async function endsOnLogout(ctx: RunContext, spec: StreamSpec, waitMs: number, token: string | undefined) {
  const { a } = ctx;
  const id = spec.op.operationId;
  if (!a || typeof token !== 'string') return;
  const stream = await open(ctx, spec, { ...a, token });
  await ctx.call('logout', { token, check: false });
  const ended = await stream.endsWithin(waitMs);
  stream.close();
  ctx.recorder.add(
    ended
      ? pass(id, code)
      : fail(id, code, `still open ${waitMs} ms after its session logged out`, undefined, {
          schemaPath: 'logout ends the stream',
          expected: 'closed',
          actual: 'open',
        }),
  );
}

/**
 * The stream phase: each selected SSE operation with declared events, one after the other. The
 * sessions their logout checks end are signed in first, side by side (each sign-in makes the server
 * hash a password, so in a row they would wait on each other).
 */
export async function runStreams(ctx: RunContext, waitMs: number): Promise<void> {
  const specs: StreamSpec[] = [];
  for (const op of ctx.operations.values()) {
    if (!ctx.isSelected(op.operationId)) continue;
    const spec = specOf(ctx, op);
    if (spec) specs.push(spec);
  }
  const streamable = (spec: StreamSpec) => ctx.a?.token && (!spec.op.path.includes('{id}') || ctx.channelId);
  const sessions = specs.map((spec) => (streamable(spec) ? signInAgain(ctx) : Promise.resolve(undefined)));
  // Awaited in order below; one that fails must not go unhandled while an earlier stream is checked.
  for (const session of sessions) session.catch(() => undefined);
  for (const [i, spec] of specs.entries())
    await checkStream(ctx, spec, waitMs, sessions[i] as Promise<string | undefined>);
}
