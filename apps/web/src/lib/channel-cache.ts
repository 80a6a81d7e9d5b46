import type { Channel, ChannelDetail, Message, PersonSummary, Schemas } from '@cohort/api';
import type { QueryClient } from '@tanstack/react-query';
import { queryKey } from './query.ts';

/**
 * The groups as the query cache holds them: `listMyChannels` (all, `?status=active`,
 * `?status=inactive`) and `getChannel` per id. Mutations and stream events change them through
 * these writers only, so every screen that shows a group shows the same thing.
 */
export const MY_CHANNELS = '/api/v1/users/me/channels';
export const CHANNEL = '/api/v1/channels/{id}';
export const CHANNEL_INVITES = '/api/v1/users/me/channel-invites';

export type ChannelStatus = 'active' | 'inactive';
type ListEnvelope = Schemas['ChannelListEnvelope'];
type DetailEnvelope = Schemas['ChannelDetailEnvelope'];

export const myChannelsInit = (status?: ChannelStatus) => (status ? { params: { query: { status } } } : undefined);
export const myChannelsKey = (status?: ChannelStatus) => queryKey(MY_CHANNELS, myChannelsInit(status));
export const channelInit = (id: string) => ({ params: { path: { id } } });
export const channelKey = (id: string) => queryKey(CHANNEL, channelInit(id));
export const invitesKey = () => queryKey(CHANNEL_INVITES);

const activity = (c: Channel) => c.last_message?.time ?? c.created_at ?? '';
const byActivity = (a: Channel, b: Channel) => activity(b).localeCompare(activity(a));

/** The status filter of a cached list (undefined: the unfiltered list). */
function statusOf(key: readonly unknown[]): ChannelStatus | undefined {
  const init = key[2] as { params?: { query?: { status?: ChannelStatus } } } | undefined;
  return init?.params?.query?.status;
}

function eachList(qc: QueryClient, update: (list: Channel[], status: ChannelStatus | undefined) => Channel[]): void {
  for (const [key, value] of qc.getQueriesData<ListEnvelope>({ queryKey: queryKey(MY_CHANNELS) })) {
    if (!value) continue;
    qc.setQueryData<ListEnvelope>(key, { ...value, data: update(value.data, statusOf(key)) });
  }
}

function updateDetail(qc: QueryClient, id: string, update: (detail: ChannelDetail) => ChannelDetail): void {
  qc.setQueryData<DetailEnvelope>(channelKey(id), (value) => (value ? { ...value, data: update(value.data) } : value));
}

/** Changes one group wherever it is cached (lists keep their activity order). */
export function patchChannel(qc: QueryClient, id: string, patch: Partial<Channel>): void {
  eachList(qc, (list) =>
    list.some((c) => c.id === id) ? list.map((c) => (c.id === id ? { ...c, ...patch } : c)).sort(byActivity) : list,
  );
  updateDetail(qc, id, (d) => ({ ...d, ...patch }));
}

/**
 * A message was sent or arrived: it becomes its group's last message (unless a newer one is
 * there) and the group moves to the top; `unreadCount` is the server's count when it said one.
 */
export function noteMessage(qc: QueryClient, message: Message, unreadCount?: number): void {
  const id = message.channel_id;
  if (!id) return;
  eachList(qc, (list) =>
    list
      .map((c) => {
        if (c.id !== id) return c;
        const newer = !c.last_message || c.last_message.time <= message.time;
        return {
          ...c,
          ...(newer ? { last_message: message } : {}),
          ...(unreadCount !== undefined ? { unread_count: unreadCount } : {}),
        };
      })
      .sort(byActivity),
  );
}

/** A group the user is in, as the server now shows it to them: into the lists it belongs to. */
export function upsertChannel(qc: QueryClient, channel: Channel): void {
  const status = channel.status ?? 'active';
  eachList(qc, (list, filter) => {
    const without = list.filter((c) => c.id !== channel.id);
    if (filter !== undefined && filter !== status) return without;
    const old = list.find((c) => c.id === channel.id);
    return [...without, { ...old, ...channel }].sort(byActivity);
  });
  updateDetail(qc, channel.id, (d) => ({ ...d, ...channel }));
}

/** The user left (or lost) a group: out of every list; its profile is read again if shown. */
export function removeChannel(qc: QueryClient, id: string): void {
  eachList(qc, (list) => list.filter((c) => c.id !== id));
  void qc.invalidateQueries({ queryKey: channelKey(id) });
}

export function setPinned(qc: QueryClient, id: string, message: Message | null): void {
  patchChannel(qc, id, { pinned_message: message });
}

/** `listChannelMembers`: every member, paged (a group embeds only its first 20). */
export const CHANNEL_MEMBERS = '/api/v1/channels/{id}/members';
/** How many members a group embeds (`Channel.users`, `ChannelDetail.members`). */
const MEMBER_SAMPLE = 20;

/** Someone joined or left a group: its member sample, count and pages, wherever cached. */
export function memberChanged(
  qc: QueryClient,
  id: string,
  change: 'joined' | 'left',
  person: PersonSummary,
  memberCount: number,
): void {
  // A newcomer joins at the end: in the sample only while it holds fewer than 20.
  const users = (list: string[]) =>
    change === 'joined'
      ? list.includes(person.id) || list.length >= MEMBER_SAMPLE
        ? list
        : [...list, person.id]
      : list.filter((u) => u !== person.id);
  eachList(qc, (list) =>
    list.map((c) => (c.id === id ? { ...c, users: users(c.users), member_count: memberCount } : c)),
  );
  updateDetail(qc, id, (d) => ({
    ...d,
    users: users(d.users),
    member_count: memberCount,
    members:
      change === 'joined'
        ? d.members.some((m) => m.id === person.id) || d.members.length >= MEMBER_SAMPLE
          ? d.members
          : [...d.members, person]
        : d.members.filter((m) => m.id !== person.id),
  }));
  void qc.invalidateQueries({ queryKey: [...queryKey(CHANNEL_MEMBERS), id] });
}

/** Re-reads the group lists and invitations (after a reconnect: events may have been missed). */
export function refetchChannels(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKey(MY_CHANNELS) });
  void qc.invalidateQueries({ queryKey: invitesKey() });
}
