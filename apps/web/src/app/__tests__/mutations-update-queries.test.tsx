import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useChannel } from '../../features/groups/api/channels.ts';
import { useUpdateMe } from '../../features/profile/api/me.ts';
import { useSavedListActions, useSavedLists } from '../../features/saved-lists/api/saved-lists.ts';
import { writeStoredSession } from '../../lib/session.ts';
import { type Answers, createTestApi } from '../../test/api.ts';
import { demoSession } from '../../test/engine.ts';
import { createTestStore, TestProviders } from '../../test/render.tsx';
import { engineClient, ok, seededFriend, seededGroups, seededMe } from '../../test/seed.ts';

/** A write changes what another screen shows: that screen's query shows the change without a reload. */
function render<T>(use: () => T, answers: Answers = {}) {
  writeStoredSession(demoSession());
  const api = createTestApi(answers);
  const store = createTestStore(api);
  const wrapper = ({ children }: { children: ReactNode }) => <TestProviders store={store}>{children}</TestProviders>;
  return renderHook(use, { wrapper });
}

describe('mutations update the queries whose data they change', () => {
  it('saving a search shows the new list in Saved Lists', async () => {
    const before = await ok(engineClient().GET('/api/v1/users/me/saved-lists'));
    const friend = await seededFriend();
    const { result } = render(() => ({ lists: useSavedLists(false), actions: useSavedListActions() }));
    await waitFor(() => expect(result.current.lists.data).toHaveLength(before.length));
    await act(() => result.current.actions.create({ name: 'List 2', user_ids: [friend.id] }));
    await waitFor(() =>
      expect(result.current.lists.data?.map((l) => l.name)).toEqual(['List 2', ...before.map((l) => l.name)]),
    );
  });

  it("editing my name shows it in a group's member list", async () => {
    const [group] = await seededGroups();
    if (!group) throw new Error('the test seed gives the demo account no group');
    const me = await seededMe();
    const { result } = render(() => ({ group: useChannel(group.id), update: useUpdateMe() }));
    const mine = () => result.current.group.data?.members.find((m) => m.id === me.id);
    await waitFor(() => expect(mine()?.first_name).toBe(me.first_name));
    await act(() => result.current.update({ first_name: 'Daniela' }));
    await waitFor(() => expect(mine()?.first_name).toBe('Daniela'));
    expect((await seededMe()).first_name).toBe('Daniela');
  });
});
