import type { components } from '@cohort/api';
import { byCodeUnits } from '../lib/compare.ts';
import { HttpError } from '../lib/http-error.ts';
import { randomId } from '../lib/ids.ts';
import type { Accounts } from './accounts.ts';
import type { Blocks } from './blocks.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import type { LiveEvents } from './live-events.ts';
import type { Notifications } from './notifications.ts';
import { toPerson } from './person.ts';
import { contractRecord } from './row-schema.ts';
import type { StoredCall } from './types.ts';

type Schemas = components['schemas'];
export type Call = Schemas['Call'];
export type CallSignal = Schemas['CallSignal'];

/** How long a call rings before it ends as missed (the mock's clock). */
export const RING_MS = 30_000;
/** Signals one call may relay (offers, answers, ICE candidates). */
export const MAX_SIGNALS_PER_CALL = 500;
/** Bytes a call may relay before it is answered: a ringing call must not fill the callee's stream. */
export const MAX_RINGING_SIGNAL_BYTES = 65_536;

interface CallsUses {
  readonly accounts: Accounts;
  readonly blocks: Blocks;
  readonly events: LiveEvents;
  readonly notifications: Notifications;
}

/** Call history. */
export const CALLS = listCollection({
  name: 'call',
  place: { field: 'calls', optional: true },
  item: (doc) => contractRecord(doc, 'Call'),
  read: (areas: { readonly calls: Calls }, key) => areas.calls.get(key),
});

/**
 * One-to-one calls (the contract's `startCall` … `sendCallSignal`): the mock rings, relays the
 * WebRTC signalling between the two people on their user streams and keeps the history; it
 * carries no media. A call still ringing or active when the process ended reads as `dropped`.
 */
export class Calls {
  private readonly byId = new Map<string, StoredCall>();
  /** Calls started by this process: only these can still ring or be active. */
  private readonly live = new Set<string>();
  private readonly signals = new Map<string, number>();
  /** Bytes relayed while each call rang. */
  private readonly ringingBytes = new Map<string, number>();

  constructor(
    private readonly core: StoreCore,
    private readonly areas: CallsUses,
    calls: StoredCall[],
  ) {
    for (const c of calls) this.byId.set(c.id, c);
  }

  all(): StoredCall[] {
    return [...this.byId.values()];
  }

  get(id: string): StoredCall | undefined {
    return this.byId.get(id);
  }

  /** As the contract shows it; with `viewerId`, its direction and the other person too. */
  view(c: StoredCall, viewerId?: string): Call {
    const lost = c.status !== 'ended' && !this.live.has(c.id);
    const call: Call = lost ? { ...c, status: 'ended', end_reason: 'dropped', ended_at: null } : { ...c };
    if (viewerId === undefined) return call;
    const otherId = c.caller_id === viewerId ? c.callee_id : c.caller_id;
    const other = this.areas.accounts.find(otherId);
    return {
      ...call,
      direction: c.caller_id === viewerId ? 'outgoing' : 'incoming',
      person: other ? toPerson(other) : null,
    };
  }

  private open(c: StoredCall): boolean {
    return this.live.has(c.id) && c.status !== 'ended';
  }

  /** A call of the user's (either side); 404 for anyone else, who must not learn it exists. */
  private mine(userId: string, id: string): StoredCall {
    const call = this.byId.get(id);
    if (!call || (call.caller_id !== userId && call.callee_id !== userId)) throw HttpError.notFound(`No call ${id}.`);
    return call;
  }

  private change(c: StoredCall, patch: Partial<StoredCall>): Call {
    this.core.touch(CALLS, c.id);
    Object.assign(c, patch);
    if (c.status === 'ended') {
      this.live.delete(c.id);
      this.signals.delete(c.id);
    }
    if (c.status !== 'ringing') this.ringingBytes.delete(c.id);
    const call = this.view(c);
    this.areas.events.announce({ type: 'call', call });
    return call;
  }

  /** Ends the calls that rang too long as missed (the callee is told); run on a timer and before each call operation. */
  sweep(): void {
    const now = this.core.nowMs();
    for (const id of this.live) {
      const c = this.byId.get(id);
      if (c?.status !== 'ringing' || now - Date.parse(c.created_at) < RING_MS) continue;
      this.change(c, { status: 'ended', end_reason: 'missed', ended_at: new Date(now).toISOString() });
      this.areas.notifications.notify(c.callee_id, 'call_missed', c.caller_id, { call_id: c.id });
    }
  }

  private busy(userId: string): boolean {
    for (const id of this.live) {
      const c = this.byId.get(id);
      if (c && this.open(c) && (c.caller_id === userId || c.callee_id === userId)) return true;
    }
    return false;
  }

  start(userId: string, calleeId: string, kind: Call['kind']): Call {
    this.sweep();
    if (calleeId === userId) throw HttpError.invalid({ user_id: ['You cannot call yourself.'] });
    const callee = this.areas.accounts.require(calleeId);
    this.areas.blocks.assertNone(userId, calleeId, 'call');
    if (this.busy(userId)) throw HttpError.conflict('You are already in a call.');
    if (this.busy(calleeId)) throw HttpError.conflict(`${callee.first_name} ${callee.last_name} is in another call.`);
    const call: StoredCall = {
      id: randomId('call'),
      caller_id: userId,
      callee_id: calleeId,
      kind,
      status: 'ringing',
      end_reason: null,
      created_at: this.core.now().toISOString(),
      answered_at: null,
      ended_at: null,
    };
    this.core.touch(CALLS, call.id);
    this.byId.set(call.id, call);
    this.live.add(call.id);
    this.areas.events.announce({ type: 'call', call: this.view(call) });
    return this.view(call);
  }

  private ringingFor(userId: string, id: string): StoredCall {
    this.sweep();
    const c = this.mine(userId, id);
    if (c.callee_id !== userId) throw HttpError.conflict('Only the person called can answer or decline.');
    if (!this.open(c) || c.status !== 'ringing') throw HttpError.conflict('This call is no longer ringing.');
    return c;
  }

  accept(userId: string, id: string): Call {
    const c = this.ringingFor(userId, id);
    return this.change(c, { status: 'active', answered_at: this.core.now().toISOString() });
  }

  decline(userId: string, id: string): Call {
    const c = this.ringingFor(userId, id);
    return this.change(c, { status: 'ended', end_reason: 'declined', ended_at: this.core.now().toISOString() });
  }

  /** `dropped`: the app lost the connection (an active call only). */
  hangUp(userId: string, id: string, dropped = false): Call {
    this.sweep();
    const c = this.mine(userId, id);
    if (!this.open(c)) throw HttpError.conflict('This call has already ended.');
    const active = dropped ? 'dropped' : 'completed';
    const reason = c.status === 'ringing' ? (c.caller_id === userId ? 'cancelled' : 'declined') : active;
    return this.change(c, { status: 'ended', end_reason: reason, ended_at: this.core.now().toISOString() });
  }

  /** Relays a signal to the other person, unchanged. */
  signal(userId: string, id: string, signal: CallSignal): void {
    this.sweep();
    const c = this.mine(userId, id);
    if (!this.open(c)) throw HttpError.conflict('This call has already ended.');
    const errors: Record<string, string[]> = {};
    if (signal.type !== 'candidate' && !signal.sdp) errors.sdp = [`An ${signal.type} carries sdp.`];
    if (signal.type === 'candidate' && signal.candidate === undefined)
      errors.candidate = ['A candidate carries candidate.'];
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    const sent = (this.signals.get(id) ?? 0) + 1;
    if (sent > MAX_SIGNALS_PER_CALL) {
      throw new HttpError(429, `A call relays at most ${MAX_SIGNALS_PER_CALL} signals.`, undefined, {
        'Retry-After': '60',
      });
    }
    if (c.status === 'ringing') {
      const bytes = (this.ringingBytes.get(id) ?? 0) + new TextEncoder().encode(JSON.stringify(signal)).length;
      if (bytes > MAX_RINGING_SIGNAL_BYTES) {
        const ringsFor = Math.max(1, Math.ceil((RING_MS - (this.core.nowMs() - Date.parse(c.created_at))) / 1000));
        throw new HttpError(
          429,
          `A call relays at most ${MAX_RINGING_SIGNAL_BYTES / 1024} KB of signals before it is answered.`,
          undefined,
          { 'Retry-After': String(ringsFor) },
        );
      }
      this.ringingBytes.set(id, bytes);
    }
    this.signals.set(id, sent);
    const to = c.caller_id === userId ? c.callee_id : c.caller_id;
    this.areas.events.announce({
      type: 'call-signal',
      userId: to,
      signal: { call_id: id, from_user_id: userId, ...signal },
    });
  }

  /** The user's calls, newest first, a page at a time (`before`: a call id). */
  list(userId: string, before: string | undefined, limit: number) {
    this.sweep();
    const mine = this.all()
      .filter((c) => c.caller_id === userId || c.callee_id === userId)
      .sort((a, b) => byCodeUnits(b.created_at, a.created_at) || byCodeUnits(b.id, a.id));
    const from = before === undefined ? 0 : mine.findIndex((c) => c.id === before) + 1;
    const rest = from === 0 && before !== undefined ? [] : mine.slice(from);
    const hasMore = rest.length > limit;
    return {
      data: rest.slice(0, limit).map((c) => this.view(c, userId)),
      meta: { has_more: hasMore, next_before: hasMore ? (rest[limit - 1]?.id ?? null) : null },
    };
  }
}
