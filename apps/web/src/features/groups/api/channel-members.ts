import { ApiError, type CohortClient } from '@cohort/api';
import { useInfiniteQuery, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHANNEL_MEMBERS } from '@/lib/channel-cache.ts';
import { queryKey, useClient } from '@/lib/query.ts';

/** Members per page of a group's Members tab. */
export const MEMBERS_PAGE = 50;

/**
 * Every member of a group the user belongs to (`listChannelMembers`), a page at a time: the group
 * itself embeds only its first 20. Keyed under the operation's path, so a join or leave refreshes it.
 */
export function useChannelMembers(id: string, enabled: boolean) {
  const api = useClient();
  return useInfiniteQuery({
    queryKey: [...queryKey(CHANNEL_MEMBERS), id],
    enabled: enabled && id !== '',
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = pageParam === null ? { limit: MEMBERS_PAGE } : { limit: MEMBERS_PAGE, cursor: pageParam };
      const r = await api.GET(CHANNEL_MEMBERS, { params: { path: { id }, query } });
      if (r.error) throw r.error;
      return r.data;
    },
    getNextPageParam: (last) => (last.meta.has_more ? last.meta.next_cursor : null),
  });
}

/** The part of a group this needs: its id, its embedded sample of member ids and its whole count. */
export interface MemberSample {
  id: string;
  users: readonly string[];
  member_count: number;
}

/** Whether the group's embedded ids are all of its members (a group of up to 20). */
export const sampleIsWhole = (group: MemberSample) => group.users.length >= group.member_count;

/**
 * Which of `candidates` are members of `group`: from its embedded ids when they are all of its
 * members, else by paging `listChannelMembers` until every candidate is found or the list ends.
 */
export async function membersAmong(
  api: CohortClient,
  group: MemberSample,
  candidates: readonly string[],
): Promise<Set<string>> {
  const wanted = new Set(candidates);
  const found = new Set(group.users.filter((id) => wanted.has(id)));
  if (sampleIsWhole(group) || found.size === wanted.size) return found;
  let cursor: string | null = null;
  do {
    const query: { limit: number; cursor?: string } = cursor === null ? { limit: 100 } : { limit: 100, cursor };
    const r = await api.GET(CHANNEL_MEMBERS, { params: { path: { id: group.id }, query } });
    if (r.error) throw r.error;
    for (const member of r.data.data) if (wanted.has(member.id)) found.add(member.id);
    cursor = r.data.meta.has_more ? r.data.meta.next_cursor : null;
  } while (cursor !== null && found.size < wanted.size);
  return found;
}

/** `membersAmong` through the query cache, keyed under the members path so a join or leave refreshes it. */
export function membersAmongQuery(api: CohortClient, group: MemberSample, candidates: readonly string[]) {
  const sorted = [...new Set(candidates)].sort();
  return {
    queryKey: [...queryKey(CHANNEL_MEMBERS), group.id, 'among', group.member_count, sorted] as const,
    queryFn: () => membersAmong(api, group, sorted),
  };
}

/** Which of `candidates` are members of `group` (undefined while it is being read). */
export function useMembersAmong(group: MemberSample | null, candidates: readonly string[]) {
  const api = useClient();
  return useQuery({
    ...membersAmongQuery(api, group ?? { id: '', users: [], member_count: 0 }, candidates),
    enabled: group !== null && group.id !== '',
  });
}

/**
 * Those of `groups` that `personId` is a member of: from each group's embedded ids, and for a group
 * larger than its sample that does not embed them, from its whole member list.
 */
export function useGroupsWithMember<G extends MemberSample>(groups: readonly G[] | undefined, personId: string | null) {
  const api = useClient();
  const beyond = (groups ?? []).filter((g) => personId && !sampleIsWhole(g) && !g.users.includes(personId));
  const asked = useQueries({ queries: beyond.map((g) => membersAmongQuery(api, g, personId ? [personId] : [])) });
  const failed = asked.find((q) => q.isError);
  const shared = new Set(beyond.filter((_, i) => asked[i]?.data?.size).map((g) => g.id));
  return {
    data:
      failed || asked.some((q) => q.isPending)
        ? undefined
        : groups?.filter((g) => personId && (g.users.includes(personId) || shared.has(g.id))),
    error: failed ? asApiError(failed.error) : null,
    retry: () => {
      for (const q of asked) if (q.isError) void q.refetch();
    },
  };
}

/** A query's error as the client's own error (its calls throw one; anything else never reached it). */
export const asApiError = (error: unknown) => (error instanceof ApiError ? error : ApiError.network(error));

/** `membersAmong` as a call (through the query cache), for an action that needs the answer now. */
export function useAskMembers() {
  const api = useClient();
  const queryClient = useQueryClient();
  return (group: MemberSample, candidates: readonly string[]) =>
    queryClient.fetchQuery(membersAmongQuery(api, group, candidates));
}
