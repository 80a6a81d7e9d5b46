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

/**
 * The user's chat with exactly `others`: with one person, only the one-to-one chat (`is_direct`); a
 * group that happens to have the same two members is not it.
 */
export function findChat(channels: readonly Channel[], me: string, others: readonly string[]): Channel | undefined {
  const members = new Set([me, ...others]);
  const direct = others.length === 1;
  return channels.find((c) => sameMembers(c.users, members) && (!direct || c.is_direct === true));
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
