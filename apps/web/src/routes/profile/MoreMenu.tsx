import type { Channel } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useChannelInvites, useMyChannels } from '../../features/groups/api/channels.ts';
import type { Loadable } from '../../lib/result.ts';
import { signOutAtom } from '../../state/userAuth.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, Spinner } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import * as l from '../../ui/layout.css.ts';
import { showToastAtom } from '../../ui/toast-state.ts';
import * as pc from '../people/people.css.ts';
import * as s from './Profile.css.ts';

/** Spec section 9: the More menu closes 100 ms after losing focus (so a click on an item still lands). */
export const MENU_BLUR_CLOSE_MS = 100;

/** 'n Pending', 'n Active', 'n Inactive' from the invitations and my groups, once both are in. */
function groupCounts(
  groups: Loadable<Channel[]>,
  invites: Loadable<unknown[]>,
): Loadable<{ pending: number; active: number; inactive: number }> {
  const error = groups.error ?? invites.error;
  if (groups.status === 'error' || invites.status === 'error')
    return { status: 'error', data: undefined, error, owner: 'me' };
  if (groups.status !== 'ready' || invites.status !== 'ready' || !groups.data || !invites.data) {
    return { status: 'loading', data: undefined, error: null, owner: 'me' };
  }
  return {
    status: 'ready',
    data: {
      pending: invites.data.length,
      active: groups.data.filter((c) => c.status !== 'inactive').length,
      inactive: groups.data.filter((c) => c.status === 'inactive').length,
    },
    error: null,
    owner: 'me',
  };
}

export function MoreMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navigate = useNavigate();
  const signOut = useSetAtom(signOutAtom);
  const toast = useSetAtom(showToastAtom);
  // The counts come from the same queries My Groups shows (kept current by mutations and the live
  // stream), read again each time the menu opens; while they reload, old numbers are not shown.
  const groups = useMyChannels(undefined, open);
  const invites = useChannelInvites(open);
  const countsState = groupCounts(groups, invites);
  const counts = countsState.status === 'ready' ? countsState.data : undefined;
  const loadCounts = () => {
    groups.reload();
    invites.reload();
  };
  const reloadRef = useRef(loadCounts);
  reloadRef.current = loadCounts;

  useEffect(() => () => clearTimeout(blurTimer.current), []);
  useEffect(() => {
    if (open) reloadRef.current();
  }, [open]);
  useEffect(() => {
    if (open) wrapRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = [...(wrapRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  const logOut = async () => {
    setOpen(false);
    const result = await signOut();
    // The session is already gone here; a failed server call is reported, not hidden.
    if (!result.ok)
      toast({ tone: 'error', text: `Signed out on this device, but the server said: ${result.error.message}` });
    navigate(paths.login, { replace: true });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling for the menu button and its items.
    <div
      ref={wrapRef}
      className={s.menuWrap}
      onKeyDown={onKeyDown}
      onBlur={() => {
        clearTimeout(blurTimer.current);
        blurTimer.current = setTimeout(() => {
          if (!wrapRef.current?.contains(document.activeElement)) setOpen(false);
        }, MENU_BLUR_CLOSE_MS);
      }}
      onFocus={() => clearTimeout(blurTimer.current)}
    >
      <button
        ref={buttonRef}
        type="button"
        className={s.action}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        style={{ width: '100%' }}
      >
        <Icon name="more" />
        More
      </button>
      {open && (
        <div className={s.menu}>
          <div id={menuId} role="menu" aria-label="More">
            <button
              type="button"
              role="menuitem"
              className={s.menuItem}
              onClick={() => navigate(`${paths.group}?tab=invites`, { state: { id: 3 } })}
            >
              <span className={pc.menuLabel}>
                Group Invites
                {counts && <span className={pc.menuCount}>{counts.pending} Pending</span>}
              </span>
            </button>
            <button
              type="button"
              role="menuitem"
              className={s.menuItem}
              onClick={() => navigate(`${paths.group}?tab=active`, { state: { id: 1 } })}
            >
              <span className={pc.menuLabel}>
                My Groups
                {counts && (
                  <span className={pc.menuCount}>
                    {counts.active} Active · {counts.inactive} Inactive
                  </span>
                )}
              </span>
            </button>
            <button type="button" role="menuitem" className={`${s.menuItem} ${s.danger}`} onClick={logOut}>
              Log out
            </button>
          </div>
          {/* Outside role=menu: a menu may only hold menu items; Retry is reached with Tab. */}
          {countsState.status === 'loading' && (
            <p className={`${l.muted} ${s.menuNote}`}>
              <Spinner label="Loading group counts" /> Loading counts…
            </p>
          )}
          {countsState.status === 'error' && (
            <Alert
              action={
                <Button small variant="secondary" onClick={() => void loadCounts()}>
                  Retry
                </Button>
              }
            >
              Could not load group counts: {countsState.error?.message}
            </Alert>
          )}
        </div>
      )}
    </div>
  );
}
