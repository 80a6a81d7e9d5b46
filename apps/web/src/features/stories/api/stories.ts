import type { Schemas } from '@cohort/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadable, queryKey, settle, useApi, useClient } from '@/lib/query.ts';
import { addStory, markSeenIn, removeStory, type Story, type StoryGroup } from '../story-order.ts';

export const STORIES = '/api/v1/users/me/stories';
type Envelope = Schemas['StoryGroupListEnvelope'];

/** The live stories of me and my connections, by person (listStories). */
export function useStories() {
  const query = useApi().useQuery('get', STORIES);
  return loadable(query, (e) => e.data);
}

function change(qc: QueryClient, update: (groups: StoryGroup[]) => StoryGroup[]): void {
  qc.setQueryData<Envelope>(queryKey(STORIES), (value) => value && { ...value, data: update(value.data) });
}

/** A story from the stream (`event: story`) joins the cached row. */
export function applyStoryEvent(qc: QueryClient, data: { user: StoryGroup['user']; story: Story }): void {
  change(qc, (groups) => addStory(groups, data.user, data.story));
}

/** After the stream was down: the row is read again. */
export function refetchStories(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKey(STORIES) });
}

/** Share, delete and mark seen; each answer goes into the cached row. */
export function useStoryActions() {
  const api = useClient();
  const qc = useQueryClient();
  const create = useCallback(
    async (body: Schemas['StoryInput'], me: string | null) => {
      const result = await settle<Story>(api.POST('/api/v1/stories', { body }));
      if (result.ok) {
        // My ring takes it at once when it is there; my first story reads the row again (for my summary).
        const own = qc.getQueryData<Envelope>(queryKey(STORIES))?.data.find((g) => g.user.id === me);
        if (own) change(qc, (groups) => addStory(groups, own.user, result.value));
        else refetchStories(qc);
      }
      return result;
    },
    [api, qc],
  );
  /** Seen at once on screen; the server is told in the background (a failure is not worth interrupting the viewer). */
  const markSeen = useCallback(
    async (storyId: string) => {
      change(qc, (groups) => markSeenIn(groups, storyId));
      return settle<unknown>(api.POST('/api/v1/stories/{id}/seen', { params: { path: { id: storyId } } }));
    },
    [api, qc],
  );
  const remove = useCallback(
    async (storyId: string) => {
      const result = await settle<unknown>(api.DELETE('/api/v1/stories/{id}', { params: { path: { id: storyId } } }));
      if (result.ok) change(qc, (groups) => removeStory(groups, storyId));
      return result;
    },
    [api, qc],
  );
  return { create, markSeen, remove };
}
