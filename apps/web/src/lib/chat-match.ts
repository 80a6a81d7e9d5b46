import type { Channel, ChannelInput } from '@cohort/api';

export interface ChatPerson {
  id: string;
  first_name: string;
  last_name: string;
}

const NAME_MAX = 100;

/** A new chat's name: the person's full name one-to-one, the first names for more people. */
export function chatName(people: readonly ChatPerson[]): string {
  const [only] = people;
  const name =
    people.length === 1 && only
      ? `${only.first_name} ${only.last_name}`.trim()
      : people.map((p) => p.first_name).join(', ');
  return (name || 'Chat').slice(0, NAME_MAX);
}

const sameMembers = (a: readonly string[], b: ReadonlySet<string>) =>
  new Set(a).size === b.size && a.every((id) => b.has(id));

/** A group's embedded ids are only its first 20 members: they are all of them only up to that size. */
const wholeSample = (c: Channel) => c.users.length >= c.member_count;

/**
 * The user's chat with exactly `others`, as far as the groups' embedded members tell: with one
 * person, only the one-to-one chat (`is_direct`); a group that happens to have the same two members
 * is not it. A group larger than its sample is never matched here (see `chatCandidates`).
 */
export function findChat(channels: readonly Channel[], me: string, others: readonly string[]): Channel | undefined {
  const members = new Set([me, ...others]);
  const direct = others.length === 1;
  return channels.find(
    (c) =>
      wholeSample(c) && c.member_count === members.size && sameMembers(c.users, members) && (!direct || c.is_direct),
  );
}

/**
 * Groups that may be the chat with exactly `others` but embed only a sample of their members: as
 * many members, every embedded one among them. Whether one is, `listChannelMembers` tells.
 */
export function chatCandidates(channels: readonly Channel[], me: string, others: readonly string[]): Channel[] {
  const members = new Set([me, ...others]);
  if (others.length === 1) return [];
  return channels.filter(
    (c) => !wholeSample(c) && c.member_count === members.size && c.users.every((id) => members.has(id)),
  );
}

/** What `storeChannel` gets for a new chat with `others` (one person: the one-to-one chat). */
export function newChatInput(others: readonly ChatPerson[], description = ''): ChannelInput {
  return {
    name: chatName(others),
    description,
    tags: [],
    // A private conversation: not listed to others, joined only by invitation.
    is_closed: true,
    users: others.map((p) => p.id),
    parent_id: null,
    is_public: false,
    is_open: false,
    expires_year: null,
    ...(others.length === 1 ? { is_direct: true } : {}),
  };
}
