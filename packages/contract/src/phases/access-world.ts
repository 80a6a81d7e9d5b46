import type { Account, RunContext } from '../context.ts';
import { validBody } from '../inputs.ts';
import type { Exchange } from '../types.ts';
import { dataOf, idOf, ok } from './answers.ts';

/**
 * What the first user (A) owns, set up once through the contract's own flows, for the second (B)
 * to try: a private group with A's message, a public group B joined with A's message in it, A's
 * invitation to connect sent to a third user (C), A's group invitation to C, a notification of A's,
 * A's own session, and A's call to C, left ringing.
 * Each is made on first use; `undefined` when the server would not make it.
 */
export class AccessWorld {
  private readonly made = new Map<string, Promise<unknown>>();

  constructor(
    readonly ctx: RunContext,
    readonly a: Account,
    readonly b: Account,
    readonly c: Account,
  ) {}

  private once<T>(key: string, make: () => Promise<T | undefined>): Promise<T | undefined> {
    let promise = this.made.get(key) as Promise<T | undefined> | undefined;
    if (!promise) {
      promise = make();
      this.made.set(key, promise);
    }
    return promise;
  }

  async call(operationId: string, account: Account, options: Parameters<RunContext['call']>[1] = {}) {
    // Set-up calls: the report judges the attempts, not these, and other phases must not pick their ids.
    return this.ctx.call(operationId, { ...options, token: account.token, check: false, remember: false });
  }

  /** A group made by `owner`; open and public, or closed and private. */
  async group(owner: Account, open: boolean): Promise<string | undefined> {
    const store = this.ctx.op('storeChannel');
    const template = store ? validBody(this.ctx, store) : undefined;
    if (!template || typeof template !== 'object') return undefined;
    const ex = await this.call('storeChannel', owner, {
      body: { ...template, is_closed: !open, is_open: open, is_public: open, parent_id: null, users: [] },
    });
    const id = idOf(ex);
    return ok(ex) && typeof id === 'string' ? id : undefined;
  }

  async message(channel: string, author: Account): Promise<string | undefined> {
    const ex = await this.call('sendMessage', author, {
      params: { id: channel },
      body: { message: 'Written by cohort-contract for an access check.' },
    });
    const id = idOf(ex);
    return ok(ex) && typeof id === 'string' ? id : undefined;
  }

  /** A's closed, private group (B is not in it) and a message A wrote there. */
  privateGroup(): Promise<{ channel: string; message?: string } | undefined> {
    return this.once('private', async () => {
      const channel = await this.group(this.a, false);
      return channel ? { channel, message: await this.message(channel, this.a) } : undefined;
    });
  }

  /** A's open, public group that B joined, and a message A wrote there (B is a member, not its author). */
  sharedGroup(): Promise<{ channel: string; message?: string } | undefined> {
    return this.once('shared', async () => {
      const channel = await this.group(this.a, true);
      if (!channel) return undefined;
      const joined = await this.call('joinChannel', this.b, { params: { id: channel } });
      if (!ok(joined)) return undefined;
      return { channel, message: await this.message(channel, this.a) };
    });
  }

  /** A's pending invitation to connect, sent to C. */
  connection(): Promise<number | string | undefined> {
    return this.once('connection', async () => {
      if (!this.c.id) return undefined;
      const ex = await this.call('connectUser', this.a, { params: { id: this.c.id } });
      return ok(ex) ? idOf(ex) : undefined;
    });
  }

  /** Whether A's invitation to C is still pending, read as A. */
  async connectionPending(id: number | string): Promise<{ intact: boolean | undefined; ex?: Exchange }> {
    const ex = await this.call('listConnections', this.a, { query: { direction: 'outgoing' } });
    const rows = dataOf(ex);
    if (!ok(ex) || !Array.isArray(rows)) return { intact: undefined, ex };
    const row = rows.find((r) => String((r as { id?: unknown }).id) === String(id)) as { status?: unknown } | undefined;
    return { intact: row?.status === 'pending', ex };
  }

  /** A's group invitation to C, by its id as C lists it. */
  channelInvite(): Promise<{ id: number | string; channel: string } | undefined> {
    return this.once('channel-invite', async () => {
      const channel = await this.group(this.a, false);
      if (!channel || !this.c.id) return undefined;
      await this.call('inviteToChannel', this.a, { params: { id: channel }, body: { user_ids: [this.c.id] } });
      const id = (await this.channelInvites(this.c)).get(channel);
      return id === undefined ? undefined : { id, channel };
    });
  }

  async channelInvites(account: Account): Promise<Map<string, number | string>> {
    const rows = dataOf(await this.call('listChannelInvites', account));
    const out = new Map<string, number | string>();
    for (const row of Array.isArray(rows) ? rows : []) {
      const { id, channel_id: channel } = row as { id?: unknown; channel_id?: unknown };
      if (typeof channel === 'string' && (typeof id === 'number' || typeof id === 'string')) out.set(channel, id);
    }
    return out;
  }

  /** An unread notification of A's: C invites A to C's group. */
  notification(): Promise<number | string | undefined> {
    return this.once('notification', async () => {
      const channel = await this.group(this.c, false);
      if (!channel || !this.a.id) return undefined;
      await this.call('inviteToChannel', this.c, { params: { id: channel }, body: { user_ids: [this.a.id] } });
      const rows = dataOf(await this.call('listNotifications', this.a));
      const row = (Array.isArray(rows) ? rows : []).find(
        (r) => (r as { read_at?: unknown }).read_at === null && (r as { channel_id?: unknown }).channel_id === channel,
      ) as { id?: unknown } | undefined;
      return typeof row?.id === 'number' || typeof row?.id === 'string' ? row.id : undefined;
    });
  }

  async notificationUnread(id: number | string): Promise<{ intact: boolean | undefined; ex?: Exchange }> {
    const ex = await this.call('listNotifications', this.a);
    const rows = dataOf(ex);
    if (!ok(ex) || !Array.isArray(rows)) return { intact: undefined, ex };
    const row = rows.find((r) => String((r as { id?: unknown }).id) === String(id)) as { read_at?: unknown };
    return { intact: row ? row.read_at === null : undefined, ex };
  }

  /** A's own session, by the id A's session list gives it. */
  session(): Promise<string | undefined> {
    return this.once('session', async () => {
      const rows = dataOf(await this.call('listSessions', this.a));
      const row = (Array.isArray(rows) ? rows : []).find((r) => (r as { current?: unknown }).current === true) as
        | { id?: unknown }
        | undefined;
      return typeof row?.id === 'string' ? row.id : undefined;
    });
  }

  /** Whether A still has that session. */
  async sessionListed(id: string): Promise<{ intact: boolean | undefined; ex?: Exchange }> {
    const ex = await this.call('listSessions', this.a);
    const rows = dataOf(ex);
    if (!ok(ex) || !Array.isArray(rows)) return { intact: undefined, ex };
    return { intact: rows.some((r) => (r as { id?: unknown }).id === id), ex };
  }

  /** A's call to C, left ringing. */
  ringingCall(): Promise<string | undefined> {
    return this.once('call', async () => {
      if (!this.c.id) return undefined;
      const ex = await this.call('startCall', this.a, { body: { user_id: this.c.id, kind: 'audio' } });
      const id = ok(ex) ? idOf(ex) : undefined;
      return typeof id === 'string' ? id : undefined;
    });
  }

  /** Whether A's call is still ringing, read from A's history. */
  async callRinging(id: string): Promise<{ intact: boolean | undefined; ex?: Exchange }> {
    const ex = await this.call('listCalls', this.a);
    const rows = dataOf(ex);
    if (!ok(ex) || !Array.isArray(rows)) return { intact: undefined, ex };
    const row = rows.find((r) => (r as { id?: unknown }).id === id) as { status?: unknown } | undefined;
    return { intact: row ? row.status === 'ringing' : undefined, ex };
  }

  /** A saved list of A's naming C; deleted (in Recently Deleted) when asked. */
  async savedList(deleted: boolean): Promise<number | string | undefined> {
    if (!this.c.id) return undefined;
    const ex = await this.call('createSavedList', this.a, {
      body: { name: 'Conformance access check', user_ids: [this.c.id] },
    });
    const id = idOf(ex);
    if (!ok(ex) || id === undefined) return undefined;
    if (deleted && !ok(await this.call('deleteSavedList', this.a, { params: { id } }))) return undefined;
    return id;
  }

  /** The message as A reads it in its group: its text and whether it is deleted. */
  async messageAsOwner(channel: string, id: string): Promise<{ row?: Record<string, unknown>; ex?: Exchange }> {
    const ex = await this.call('getChannelMessages', this.a, { params: { id: channel } });
    const rows = dataOf(ex);
    const row = (Array.isArray(rows) ? rows : []).find((r) => (r as { id?: unknown }).id === id);
    return { row: row as Record<string, unknown> | undefined, ex };
  }
}
