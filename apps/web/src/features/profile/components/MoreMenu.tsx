import { useSetAtom } from 'jotai';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import * as l from '@/components/ui/layout.css.ts';
import * as pc from '@/components/ui/people.css.ts';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { paths } from '@/config/paths.ts';
import { signOutAtom } from '@/lib/auth.ts';
import type { Loadable } from '@/lib/result.ts';
import * as s from './profile.css.ts';

/** Spec section 9: the More menu closes 100 ms after losing focus (so a click on an item still lands). */
export const MENU_BLUR_CLOSE_MS = 100;

export interface GroupCounts {
  pending: number;
  active: number;
  inactive: number;
}

/**
 * The profile's More menu. Its group counts come from the groups feature through the route
 * (`counts`, read while `open`; `onReloadCounts` is Retry).
 */
export function MoreMenu({
  open,
  setOpen,
  counts: countsState,
  onReloadCounts,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  counts: Loadable<GroupCounts>;
  onReloadCounts: () => void;
}) {
  const menuId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navigate = useNavigate();
  const signOut = useSetAtom(signOutAtom);
  const toast = useSetAtom(showToastAtom);
  const counts = countsState.status === 'ready' ? countsState.data : undefined;
  const loadCounts = onReloadCounts;
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
        onClick={() => setOpen(!open)}
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
            <button type="button" role="menuitem" className={s.menuItem} onClick={() => navigate(paths.blockedPeople)}>
              Blocked people
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
            // Stacked, not the page Alert's row: the menu is too narrow for text and button side by side.
            <div className={s.menuError} role="alert">
              <span>Could not load group counts: {countsState.error?.message}</span>
              <Button small variant="secondary" onClick={() => void loadCounts()}>
                Retry
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
