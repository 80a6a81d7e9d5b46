import type { OpenApiDocument, Operation } from '@cohort/openapi';

/**
 * Who may call an operation, as its `x-access` says (one rule, or a list of alternatives such as
 * `[author, creator]`). Rules other than public/self/authenticated restrict what `{id}` may name.
 */
export const ACCESS_RULES = {
  public: 'anyone, no token',
  self: "any signed-in user, on their own data only (the token says whose; no id names another person's)",
  authenticated: "any signed-in user, including other people's read-only profile data",
  owner: 'the user the `{id}` item belongs to (a note, a club, a saved list, a notification)',
  member: 'a member of the group (`{id}`, or the group of the message `{id}`)',
  visible: 'a member, or anyone the group is visible to (a public group; never a one-to-one chat)',
  author: 'the author of the message, post, comment or story `{id}`',
  creator: 'the creator of the group the message `{id}` is in',
  invitee: 'the person the invitation `{id}` is addressed to',
  inviter: 'the person who sent the invitation `{id}`',
  participant: 'one of the two people the connection joins (the caller and `{id}`)',
  viewer: 'anyone who may see the post or story `{id}` (its author, their connections, or its group)',
  post_author: 'the author of the post the comment `{id}` is on',
} as const;

export type AccessRule = keyof typeof ACCESS_RULES;

/** Rules under which a second signed-in user must be refused. */
const RESTRICTING: ReadonlySet<AccessRule> = new Set([
  'owner',
  'member',
  'visible',
  'author',
  'creator',
  'invitee',
  'inviter',
  'participant',
  'viewer',
  'post_author',
]);

const isRule = (value: unknown): value is AccessRule => typeof value === 'string' && Object.hasOwn(ACCESS_RULES, value);

/** The operation's `x-access` as a list, or a reason it is missing or unknown. */
export function accessOf(doc: OpenApiDocument, op: Operation): AccessRule[] | string {
  const raw = (doc.paths[op.path]?.[op.method] as { 'x-access'?: unknown } | undefined)?.['x-access'];
  if (raw === undefined) return 'the contract declares no x-access';
  const list = Array.isArray(raw) ? raw : [raw];
  const bad = list.filter((r) => !isRule(r));
  if (list.length === 0 || bad.length > 0) return `unknown x-access ${JSON.stringify(raw)}`;
  return list as AccessRule[];
}

/** True when a second user, who is none of what the rules allow, must be refused. */
export function restricts(rules: AccessRule[]): boolean {
  return rules.every((r) => RESTRICTING.has(r));
}

/**
 * The refusals the operation declares: 403, 404, and any other status whose response says the
 * caller is not a member (the contract's 409 NotAMember). Both 403 and 404 when it declares none.
 */
export function refusalStatuses(op: Operation): number[] {
  const declared = Object.entries(op.responses)
    .filter(([status, r]) => status === '403' || status === '404' || /\bnot a member\b/i.test(r.description ?? ''))
    .map(([status]) => Number(status))
    .filter(Number.isInteger);
  return declared.length > 0 ? declared : [403, 404];
}
