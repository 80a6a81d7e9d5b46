import { RING_MS } from './calls.ts';
import { referencedMedia } from './media-use.ts';
import { PASSWORD_RESET_TTL_MS } from './password-resets.ts';
import type { Store } from './store.ts';
import { STORY_TTL_MS } from './stories.ts';

/** What can run out on the mock's clock. */
export const EXPIRY_KINDS = [
  'story',
  'token',
  'password_reset',
  'location_share',
  'call',
  'upload',
  'session',
] as const;
export type ExpiryKind = (typeof EXPIRY_KINDS)[number];

/** One thing a move of the clock made run out. */
export interface Expired {
  kind: ExpiryKind;
  /** The story, call or upload id; a token's `ses_…` (as the account's sessions list it); a reset link's `rst_…` (its hash's start); a share's user id; a mock session's name. */
  id: string;
  /** When its lifetime ended, on the mock's clock. */
  expired_at: string;
  /** Whose it is (null for a mock session). */
  user_id: string | null;
  /** The mock session it is in; null for the default state. */
  session: string | null;
}

/**
 * What in `store` lived at `fromMs` and no longer does at `toMs` (the mock's clock), each with when its
 * lifetime ended: the same rules the areas read (a story's 24 h, a token's sliding lifetime, a reset
 * link's hour, a location share, a call ringing unanswered, an upload nothing uses after `unusedUploadMs`).
 */
export function expiredBetween(
  store: Store,
  fromMs: number,
  toMs: number,
  session: string | null,
  unusedUploadMs?: number,
): Expired[] {
  const out: Expired[] = [];
  if (toMs <= fromMs) return out;
  const add = (kind: ExpiryKind, id: string, endMs: number, userId: string | null) =>
    out.push({ kind, id, expired_at: new Date(endMs).toISOString(), user_id: userId, session });
  // A story is live while now < its end: it goes in (from, to].
  for (const s of store.stories.all()) {
    const end = Date.parse(s.created_at) + STORY_TTL_MS;
    if (end > fromMs && end <= toMs) add('story', s.id, end, s.user_id);
  }
  // A token and a reset link hold while now - start <= lifetime: they go in [from, to).
  const ttl = store.accounts.tokenTtlMs;
  for (const [key, t] of Object.entries(store.accounts.allTokens())) {
    const end = Date.parse(t.last_used_at ?? t.created_at) + ttl;
    if (end >= fromMs && end < toMs) add('token', `ses_${key.slice(0, 16)}`, end, t.user_id);
  }
  for (const [key, r] of Object.entries(store.passwordResets.all())) {
    if (r.used_at) continue;
    const end = Date.parse(r.created_at) + PASSWORD_RESET_TTL_MS;
    if (end >= fromMs && end < toMs) add('password_reset', `rst_${key.slice(0, 16)}`, end, r.user_id);
  }
  for (const [userId, share] of Object.entries(store.nearby.all())) {
    const end = Date.parse(share.expires_at);
    if (end > fromMs && end <= toMs) add('location_share', userId, end, userId);
  }
  for (const c of store.calls.all()) {
    if (store.calls.view(c).status !== 'ringing') continue;
    const end = Date.parse(c.created_at) + RING_MS;
    if (end > fromMs && end <= toMs) add('call', c.id, end, c.callee_id);
  }
  if (unusedUploadMs !== undefined) {
    const old = store.media.all().filter((m) => {
      const end = Date.parse(m.created_at) + unusedUploadMs;
      return end > fromMs && end <= toMs;
    });
    // Scanning what uses an upload reads every message: only when some upload came of age.
    const used = old.length > 0 ? referencedMedia(store) : undefined;
    for (const m of old)
      if (!used?.has(m.id)) add('upload', m.id, Date.parse(m.created_at) + unusedUploadMs, m.user_id);
  }
  return out;
}
