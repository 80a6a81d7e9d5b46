import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { LoadState } from '../../../components/ui/LoadState.tsx';
import * as l from '../../../components/ui/layout.css.ts';
import { showToastAtom } from '../../../components/ui/toast-state.ts';
import { formatDate } from '../../../lib/dates.ts';
import { loadable } from '../../../lib/query.ts';
import { useSessionActions, useSessions } from '../api/sessions.ts';
import * as s from './settings.css.ts';

const WHEN = { dateStyle: 'medium', timeStyle: 'short' } as const;

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
        {(list) => (
          <ul className={s.rows} aria-label="Signed-in devices">
            {list.map((x) => (
              <li key={x.id} className={s.row}>
                <span className={s.rowText}>
                  <span>{x.current ? 'This device' : 'Another device'}</span>
                  <span className={l.muted}>
                    Signed in {formatDate(x.created_at, WHEN)}
                    {x.last_used_at && ` · last used ${formatDate(x.last_used_at, WHEN)}`}
                  </span>
                </span>
                {!x.current && (
                  <Button
                    small
                    variant="secondary"
                    loading={busy === x.id}
                    aria-label={`Sign out the device signed in ${formatDate(x.created_at, WHEN)}`}
                    onClick={() => void run(x.id, () => end(x.id))}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {others > 0 && (
        <Button variant="secondary" loading={busy === 'others'} onClick={() => void run('others', endOthers)}>
          Sign out everywhere else
        </Button>
      )}
    </section>
  );
}
