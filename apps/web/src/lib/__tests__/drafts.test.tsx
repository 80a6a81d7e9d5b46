import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { clearDrafts, useDraft, useHasDraft } from '../drafts.ts';
import { writeStoredSession } from '../session.ts';

/** A fresh app store signed in as `userId` (or signed out), as the hooks see it. */
function as(userId: string | null) {
  localStorage.clear();
  if (userId) writeStoredSession({ token: `token-${userId}`, id: userId });
  const store = createStore();
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
}

const NOTE = { title: '', note: '', date: '' };

describe('drafts', () => {
  it("are the signed-in user's: another user on the same tab starts blank, and the first gets theirs back", () => {
    const first = renderHook(() => useDraft('post', ''), { wrapper: as('usr_a') });
    act(() => first.result.current[1]('Half a post'));
    first.unmount();
    expect(renderHook(() => useDraft('post', ''), { wrapper: as('usr_b') }).result.current[0]).toBe('');
    expect(renderHook(() => useDraft('post', ''), { wrapper: as('usr_a') }).result.current[0]).toBe('Half a post');
  });

  it('signed out, nothing is written', () => {
    const hook = renderHook(() => useDraft('post', ''), { wrapper: as(null) });
    act(() => hook.result.current[1]('typed while signed out'));
    expect(hook.result.current[0]).toBe('typed while signed out');
    expect(sessionStorage.length).toBe(0);
  });

  it('of a form, only the changed fields are kept, and they land on the blank of the next opening', () => {
    const open = renderHook(() => useDraft('add-note', NOTE), { wrapper: as('usr_a') });
    act(() => open.result.current[1]((v) => ({ ...v, title: 'Demo night' })));
    act(() => open.result.current[1]((v) => ({ ...v, note: 'Bring the deck.' })));
    open.unmount();
    const later = { title: '', note: '', date: '2026-12-08' };
    const again = renderHook(() => useDraft('add-note', later), { wrapper: as('usr_a') });
    expect(again.result.current[0]).toEqual({ title: 'Demo night', note: 'Bring the deck.', date: '2026-12-08' });
  });

  it('typing back to blank forgets it; clear forgets it for every hook showing it', () => {
    const wrapper = as('usr_a');
    const both = renderHook(
      () => ({ a: useDraft('comment:p1', ''), b: useDraft('comment:p1', ''), has: useHasDraft('comment:p1') }),
      {
        wrapper,
      },
    );
    act(() => both.result.current.a[1]('Room 4?'));
    expect(both.result.current.b[0]).toBe('Room 4?');
    expect(both.result.current.has).toBe(true);
    act(() => both.result.current.a[1](''));
    expect(both.result.current.has).toBe(false);
    act(() => both.result.current.a[1]('Room 5?'));
    act(() => both.result.current.b[2]());
    expect(both.result.current.a[0]).toBe('');
    expect(both.result.current.has).toBe(false);
  });

  it("an explicit sign-out forgets that user's drafts only", () => {
    const a = renderHook(() => useDraft('post', ''), { wrapper: as('usr_a') });
    act(() => a.result.current[1]('mine'));
    a.unmount();
    const b = renderHook(() => useDraft('post', ''), { wrapper: as('usr_b') });
    act(() => b.result.current[1]('theirs'));
    b.unmount();
    clearDrafts('usr_a');
    expect(renderHook(() => useDraft('post', ''), { wrapper: as('usr_a') }).result.current[0]).toBe('');
    expect(renderHook(() => useDraft('post', ''), { wrapper: as('usr_b') }).result.current[0]).toBe('theirs');
  });

  it('a stored value of another shape is dropped, not shown', () => {
    sessionStorage.setItem('cohort.draft.usr_a.add-note', JSON.stringify({ title: 7, note: 'kept', extra: 'x' }));
    const hook = renderHook(() => useDraft('add-note', NOTE), { wrapper: as('usr_a') });
    expect(hook.result.current[0]).toEqual({ title: '', note: 'kept', date: '' });
  });
});
