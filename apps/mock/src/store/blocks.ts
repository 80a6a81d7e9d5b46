import type { components } from '@cohort/api';
import { HttpError } from '../lib/http-error.ts';
import type { Accounts } from './accounts.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import { toPerson } from './person.ts';
import { int, record, str } from './row-schema.ts';
import type { StoredBlock } from './types.ts';

export type Block = components['schemas']['Block'];

/** The most people one user may block (the contract's 409 on `blockUser`). */
export const MAX_BLOCKS = 1000;

/** What a block ends elsewhere (the invitations and connections between the two people). */
interface BlocksUses {
  readonly accounts: Accounts;
  readonly invites: { declineBetween(a: string, b: string): void };
  readonly social: { endBetween(blockerId: string, otherId: string): void };
}

/** Who blocked whom. */
export const BLOCKS = listCollection({
  name: 'block',
  place: { field: 'blocks', optional: true },
  item: () => record({ id: int, blocker_id: str, user_id: str, created_at: str }),
  read: (areas: { readonly blocks: Blocks }, key) => areas.blocks.get(Number(key)),
});

/**
 * Who blocked whom (the contract's `blockUser`): between two people where either blocked the other,
 * no invitation to connect, no one-to-one message, no adding or inviting to a group, no contact
 * details, no search result and no notification. The other areas ask `between()`.
 */
export class Blocks {
  private readonly byId = new Map<number, StoredBlock>();
  /** Blocker id → blocked id → the block. */
  private readonly byBlocker = new Map<string, Map<string, StoredBlock>>();
  /** Blocked id → who blocked them. */
  private readonly byBlocked = new Map<string, Set<string>>();

  constructor(
    private readonly core: StoreCore,
    private readonly areas: BlocksUses,
    blocks: StoredBlock[],
  ) {
    for (const b of blocks) this.index(b);
  }

  private index(b: StoredBlock): void {
    this.byId.set(b.id, b);
    let mine = this.byBlocker.get(b.blocker_id);
    if (!mine) {
      mine = new Map();
      this.byBlocker.set(b.blocker_id, mine);
    }
    mine.set(b.user_id, b);
    let blockers = this.byBlocked.get(b.user_id);
    if (!blockers) {
      blockers = new Set();
      this.byBlocked.set(b.user_id, blockers);
    }
    blockers.add(b.blocker_id);
  }

  all(): StoredBlock[] {
    return [...this.byId.values()];
  }

  get(id: number): StoredBlock | undefined {
    return this.byId.get(id);
  }

  /** Whether `blockerId` has blocked `userId`. */
  has(blockerId: string, userId: string): boolean {
    return this.byBlocker.get(blockerId)?.has(userId) ?? false;
  }

  /** Whether either of the two blocked the other. */
  between(a: string, b: string): boolean {
    return this.has(a, b) || this.has(b, a);
  }

  /** Everyone on the other side of a block with `userId` (who they blocked and who blocked them). */
  hiddenFrom(userId: string): Set<string> {
    return new Set([...(this.byBlocker.get(userId)?.keys() ?? []), ...(this.byBlocked.get(userId) ?? [])]);
  }

  /** 403 when either blocked the other; `what` says what is refused ("connect", "message"). */
  assertNone(userId: string, otherId: string, what: string): void {
    if (this.has(userId, otherId)) throw HttpError.forbidden(`You blocked this person; unblock them to ${what}.`);
    if (this.has(otherId, userId)) throw HttpError.forbidden(`You cannot ${what} with this person.`);
  }

  private view(b: StoredBlock): Block {
    const person = this.areas.accounts.find(b.user_id);
    return { id: b.id, user_id: b.user_id, created_at: b.created_at, ...(person ? { person: toPerson(person) } : {}) };
  }

  block(userId: string, otherId: string): Block {
    if (userId === otherId) throw HttpError.invalid({ id: ['You cannot block yourself.'] });
    this.areas.accounts.require(otherId);
    const existing = this.byBlocker.get(userId)?.get(otherId);
    if (existing) return this.view(existing);
    if ((this.byBlocker.get(userId)?.size ?? 0) >= MAX_BLOCKS) {
      throw HttpError.conflict(
        `You can block at most ${MAX_BLOCKS.toLocaleString('en-US')} people; unblock one first.`,
      );
    }
    const block: StoredBlock = {
      id: this.core.nextId('block'),
      blocker_id: userId,
      user_id: otherId,
      created_at: this.core.now().toISOString(),
    };
    this.core.touch(BLOCKS, String(block.id));
    this.index(block);
    this.areas.social.endBetween(userId, otherId);
    this.areas.invites.declineBetween(userId, otherId);
    return this.view(block);
  }

  unblock(userId: string, otherId: string): void {
    const block = this.byBlocker.get(userId)?.get(otherId);
    if (!block) throw HttpError.notFound(`You have not blocked ${otherId}.`);
    this.core.touch(BLOCKS, String(block.id));
    this.byId.delete(block.id);
    this.byBlocker.get(userId)?.delete(otherId);
    this.byBlocked.get(otherId)?.delete(userId);
  }

  /** A deleted account's blocks go, both ways. */
  forgetUser(userId: string): void {
    for (const b of [...this.byId.values()]) {
      if (b.blocker_id === userId) this.unblock(userId, b.user_id);
      else if (b.user_id === userId) this.unblock(b.blocker_id, userId);
    }
  }

  /** The user's blocks, newest first, a page at a time. */
  list(
    userId: string,
    query: { before?: number; limit?: number },
  ): { data: Block[]; meta: { has_more: boolean; next_before: number | null } } {
    const limit = query.limit ?? 20;
    const mine = [...(this.byBlocker.get(userId)?.values() ?? [])]
      .filter((b) => query.before === undefined || b.id < query.before)
      .sort((a, b) => b.id - a.id);
    const hasMore = mine.length > limit;
    return {
      data: mine.slice(0, limit).map((b) => this.view(b)),
      meta: { has_more: hasMore, next_before: hasMore ? (mine[limit - 1]?.id ?? null) : null },
    };
  }
}
