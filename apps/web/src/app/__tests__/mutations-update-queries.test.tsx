import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useChannel } from '../../features/groups/api/channels.ts';
import { useUpdateMe } from '../../features/profile/api/me.ts';
import { useSavedListActions, useSavedLists } from '../../features/saved-lists/api/saved-lists.ts';
import { writeStoredSession } from '../../lib/session.ts';
import { type Answers, createTestApi, envelope } from '../../test/api.ts';
import { demoSession } from '../../test/engine.ts';
import { demoUser } from '../../test/fixtures.ts';
import { createTestStore, TestProviders } from '../../test/render.tsx';

/** A write changes what another screen shows: that screen's query shows the change without a reload. */
const ID = 'chan_group00000000000';
const list = (n: number) => ({
  id: n,
  name: `List ${n}`,
  count: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  deleted_at: null,
});

function render<T>(use: () => T, answers: Answers) {
  writeStoredSession(demoSession());
  const api = createTestApi(answers);
  const store = createTestStore(api);
  const wrapper = ({ children }: { children: ReactNode }) => <TestProviders store={store}>{children}</TestProviders>;
  return renderHook(use, { wrapper });
}

describe('mutations update the queries whose data they change', () => {
  it('saving a search shows the new list in Saved Lists', async () => {
    const lists = [list(1)];
    const { result } = render(() => ({ lists: useSavedLists(false), actions: useSavedListActions() }), {
      listSavedLists: () => ({ body: envelope(lists) }),
      createSavedList: () => {
        lists.unshift(list(2));
        return { status: 201, body: envelope({ ...list(2), members: [] }) };
      },
    });
    await waitFor(() => expect(result.current.lists.data).toHaveLength(1));
    await act(() => result.current.actions.create({ name: 'List 2', user_ids: [demoUser.id] }));
    await waitFor(() => expect(result.current.lists.data?.map((l) => l.name)).toEqual(['List 2', 'List 1']));
  });

  it("editing my name shows it in a group's member list", async () => {
    let first = demoUser.first_name;
    const detail = () => ({
      id: ID,
      name: 'Founders',
      description: '',
      tags: [],
      is_closed: false,
      users: [demoUser.id],
      member_count: 1,
      online_count: 0,
      members: [
        { id: demoUser.id, first_name: first, last_name: demoUser.last_name, profile_image: null, last_seen_at: null },
      ],
      subgroups: [],
    });
    const { result } = render(() => ({ group: useChannel(ID), update: useUpdateMe() }), {
      getChannel: () => ({ body: envelope(detail()) }),
      updateMe: (req) => {
        first = (req.body as { first_name: string }).first_name;
        return { body: envelope({ ...demoUser, first_name: first }) };
      },
    });
    await waitFor(() => expect(result.current.group.data?.members[0]?.first_name).toBe('Dana'));
    await act(() => result.current.update({ first_name: 'Daniela' }));
    await waitFor(() => expect(result.current.group.data?.members[0]?.first_name).toBe('Daniela'));
  });
});
