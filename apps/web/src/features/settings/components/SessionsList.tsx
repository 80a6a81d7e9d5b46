import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { formatDate } from '@/lib/dates.ts';
import { loadable } from '@/lib/query.ts';
import { type Session, useSessionActions, useSessions } from '../api/sessions.ts';
import * as s from './settings.css.ts';

// To the second: two devices signed in within one minute are told apart.
const SIGNED_IN = { dateStyle: 'medium', timeStyle: 'medium' } as const;
// Last use is kept to the hour, so seconds would say nothing.
const LAST_USED = { dateStyle: 'medium', timeStyle: 'short' } as const;

interface DeviceName {
  /** "This device", "Another device", or "Another device 2 of 3" when several signed in in one second. */
  title: string;
  signedIn: string;
  /** The Sign out button's name. */
  signOut: string;
}

/** What tells each device apart: when it signed in, to the second, and a number only where that is shared. */
export function deviceNames(list: readonly Session[]): Map<string, DeviceName> {
  const at = (x: Session) => formatDate(x.created_at, SIGNED_IN);
  const sharing = new Map<string, number>();
  for (const x of list) if (!x.current) sharing.set(at(x), (sharing.get(at(x)) ?? 0) + 1);
  const counted = new Map<string, number>();
  const names = new Map<string, DeviceName>();
  for (const x of list) {
    const signedIn = at(x);
    const many = sharing.get(signedIn) ?? 0;
    const n = (counted.get(signedIn) ?? 0) + 1;
    if (!x.current) counted.set(signedIn, n);
    const number = !x.current && many > 1 ? ` ${n} of ${many}` : '';
    names.set(x.id, {
      title: x.current ? 'This device' : `Another device${number}`,
      signedIn,
      signOut: `Sign out the device${number} signed in ${signedIn}`,
    });
  }
  return names;
}

/** My signed-in devices: this one marked, any other signed out alone or all at once. */
export function SessionsList() {
  const sessions = useSessions();
  const state = loadable(sessions, (e) => e.data);
  const { end, endOthers } = useSessionActions();
  const toast = useSetAtom(showToastAtom);
  const [busy, setBusy] = useState<string | null>(null);
  const others = (state.data ?? []).filter((x) => !x.current).length;

  const run = async (id: string, action: () => Promise<{ ok: boolean; error?: { message: string } }>) => {
    setBusy(id);
    const r = await action();
    setBusy(null);
    if (!r.ok) toast({ tone: 'error', text: r.error?.message ?? 'That did not work.' });
  };

  return (
    <section className={l.stack} aria-labelledby="sessions">
      <h2 id="sessions" className={s.heading}>
        Signed-in devices
      </h2>
      <LoadState state={state} what="your devices" empty="No devices." onRetry={state.reload}>
        {(list) => {
          const names = deviceNames(list);
          return (
            <ul className={s.rows} aria-label="Signed-in devices">
              {list.map((x) => {
                const name = names.get(x.id);
                return (
                  <li key={x.id} className={s.row}>
                    <span className={s.rowText}>
                      <span>{name?.title}</span>
                      <span className={l.muted}>
                        Signed in {name?.signedIn}
                        {x.last_used_at && ` · last used ${formatDate(x.last_used_at, LAST_USED)}`}
                      </span>
                    </span>
                    {!x.current && (
                      <Button
                        small
                        variant="secondary"
                        loading={busy === x.id}
                        aria-label={name?.signOut}
                        onClick={() => void run(x.id, () => end(x.id))}
                      >
                        Sign out
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          );
        }}
      </LoadState>
      {others > 0 && (
        <Button variant="secondary" loading={busy === 'others'} onClick={() => void run('others', endOthers)}>
          Sign out everywhere else
        </Button>
      )}
    </section>
  );
}
