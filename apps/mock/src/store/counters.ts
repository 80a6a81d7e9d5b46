import { type ChatState, COUNTERS, type Counter, type SocialState, type State } from './types.ts';

/**
 * Every counter of the one id scheme, for states written before some existed: a counter the state
 * lacks starts after the highest id of its kind (or where the old per-area counter was).
 */
export function fillCounters(state: State, chat: ChatState, social: SocialState): Record<Counter, number> {
  const after = (items: readonly { id: number }[], at = 1) => items.reduce((n, item) => Math.max(n, item.id + 1), at);
  const known: Partial<Record<Counter, number>> = state.next_id;
  const derived: Record<Counter, () => number> = {
    note: () => after(state.notes),
    club: () => after(state.clubs),
    interest: () => after(state.interests),
    direction: () => after(state.directions),
    experience: () => after(state.experiences),
    resource: () => after(Object.values(state.resources).flat()),
    saved_message: () => after(state.saved_messages),
    report: () => after(chat.reports, chat.next_report_id),
    event: () => after(chat.events, chat.next_event_id),
    saved_list: () => after(social.saved_lists),
    connection: () => after(social.connections),
    channel_invite: () => after(social.channel_invites),
    notification: () => after(state.notifications ?? []),
    block: () => after(state.blocks ?? []),
    post_report: () => after(state.feed?.reports ?? []),
  };
  return Object.fromEntries(COUNTERS.map((c) => [c, known[c] ?? derived[c]()])) as Record<Counter, number>;
}
