import { type Ref, useId, useMemo, useState } from 'react';
import { type Components, Virtuoso } from 'react-virtuoso';
import { api, type JournalEntry } from '../api.ts';
import { message } from '../load.ts';
import * as s from '../styles.css.ts';

/** Entries listed at most (only those in view are drawn). */
export const SHOWN = 1000;

/** The journal as an ordered list: only the entries in view are in the page. */
const JOURNAL_PARTS: Components<JournalEntry> = {
  // Virtuoso types its list as a div; an ol takes the same props.
  List: ({ ref, ...props }) => (
    <ol {...props} ref={ref as Ref<HTMLOListElement>} className={s.list} aria-label="Requests, newest first" />
  ),
  Item: ({ item: _item, ...props }) => <li {...props} />,
};

const statusClass = (status: number) => (status < 400 ? s.status.ok : s.status.bad);

/** A curl line that repeats the request (credentials as the journal shows them: redacted). */
function curlOf(entry: JournalEntry): string {
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  const parts = ['curl', '-X', entry.method, quote(`${location.origin}${entry.path}`)];
  for (const [name, value] of Object.entries(entry.headers)) parts.push('-H', quote(`${name}: ${value}`));
  if (entry.session && !('x-mock-session' in entry.headers))
    parts.push('-H', quote(`X-Mock-Session: ${entry.session}`));
  if (entry.body !== null) parts.push('--data', quote(JSON.stringify(entry.body)));
  return parts.join(' ');
}

export function Journal({ entries, onClear }: { entries: JournalEntry[]; onClear: () => void }) {
  const [session, setSession] = useState('*');
  const [operation, setOperation] = useState('');
  const [status, setStatus] = useState('*');
  const [open, setOpen] = useState<number | undefined>();
  // A point in the journal: only what came after it is shown.
  const [mark, setMark] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const ids = { session: useId(), operation: useId(), status: useId(), operations: useId() };
  const sessions = useMemo(() => [...new Set(entries.map((e) => e.session ?? ''))].sort(), [entries]);
  const operations = useMemo(
    () => [...new Set(entries.flatMap((e) => (e.operationId ? [e.operationId] : [])))].sort(),
    [entries],
  );
  const shown = useMemo(() => {
    const wanted = operation.trim().toLowerCase();
    const out: JournalEntry[] = [];
    for (let i = entries.length - 1; i >= 0 && out.length < SHOWN; i--) {
      const e = entries[i] as JournalEntry;
      if (mark !== undefined && e.seq <= mark) break;
      if (session !== '*' && (e.session ?? '') !== session) continue;
      if (wanted && !(e.operationId ?? '').toLowerCase().includes(wanted)) continue;
      if (status !== '*' && String(e.status)[0] !== status) continue;
      out.push(e);
    }
    return out;
  }, [entries, session, operation, status, mark]);
  const clear = async () => {
    try {
      await api.clearJournal();
      onClear();
      setError(undefined);
    } catch (e) {
      setError(message(e));
    }
  };

  return (
    <section className={s.card} aria-labelledby="journal-title">
      <div className={s.header}>
        <h2 className={s.cardTitle} id="journal-title">
          Journal
        </h2>
        <div className={s.actions}>
          {mark === undefined ? (
            <button type="button" className={s.button.secondary} onClick={() => setMark(entries.at(-1)?.seq ?? 0)}>
              Mark this point
            </button>
          ) : (
            <button type="button" className={s.button.secondary} onClick={() => setMark(undefined)}>
              Show all again
            </button>
          )}
          <button type="button" className={s.button.secondary} onClick={() => void clear()}>
            Clear journal
          </button>
        </div>
      </div>
      <div className={s.form}>
        <div className={s.field}>
          <label className={s.label} htmlFor={ids.session}>
            Session
          </label>
          <select id={ids.session} className={s.input} value={session} onChange={(e) => setSession(e.target.value)}>
            <option value="*">All</option>
            {sessions.map((name) => (
              <option key={name} value={name}>
                {name === '' ? '(default state)' : name}
              </option>
            ))}
          </select>
        </div>
        <div className={s.field}>
          <label className={s.label} htmlFor={ids.operation}>
            Operation
          </label>
          <input
            id={ids.operation}
            className={s.input}
            list={ids.operations}
            value={operation}
            onChange={(e) => setOperation(e.target.value)}
            placeholder="e.g. login"
            autoComplete="off"
          />
          <datalist id={ids.operations}>
            {operations.map((op) => (
              <option key={op} value={op} />
            ))}
          </datalist>
        </div>
        <div className={s.field}>
          <label className={s.label} htmlFor={ids.status}>
            Status
          </label>
          <select id={ids.status} className={s.input} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="*">All</option>
            <option value="2">2xx</option>
            <option value="3">3xx</option>
            <option value="4">4xx</option>
            <option value="5">5xx</option>
          </select>
        </div>
      </div>
      {error && (
        <p className={s.notice.error} role="alert">
          {error}
        </p>
      )}
      <p className={s.muted} aria-live="polite">
        {shown.length} of {entries.length} requests{mark === undefined ? '' : ` after the mark (#${mark})`}
        {shown.length === SHOWN ? ` (the newest ${SHOWN} shown)` : ''}
      </p>
      {entries.length === 0 ? (
        <p className={s.empty}>No request yet: requests appear here as the mock answers them.</p>
      ) : shown.length === 0 ? (
        <p className={s.empty}>
          {mark === undefined
            ? 'No request matches these filters.'
            : 'No request matching these filters since the mark.'}
        </p>
      ) : (
        <Virtuoso
          useWindowScroll
          data={shown}
          computeItemKey={(_, entry) => entry.seq}
          components={JOURNAL_PARTS}
          itemContent={(_, entry) => (
            <>
              <button
                type="button"
                className={s.entryButton}
                aria-expanded={open === entry.seq}
                onClick={() => setOpen(open === entry.seq ? undefined : entry.seq)}
              >
                <span className={statusClass(entry.status)}>{entry.status}</span>
                <span className={s.mono}>{entry.method}</span>
                <span className={s.mono}>
                  {entry.path}
                  {entry.session ? <span className={s.muted}> · {entry.session}</span> : null}
                </span>
              </button>
              {open === entry.seq && <EntryDetail entry={entry} />}
            </>
          )}
        />
      )}
    </section>
  );
}

function EntryDetail({ entry }: { entry: JournalEntry }) {
  return (
    <div>
      <p className={s.muted}>
        #{entry.seq} · {entry.time} · {entry.operationId ?? 'not in the contract'} · session{' '}
        {entry.session ?? '(default state)'}
      </p>
      <h3 className={s.label}>Request</h3>
      <pre className={s.pre}>
        {`${entry.method} ${entry.path}\n${Object.entries(entry.headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n')}${entry.body === null ? '' : `\n\n${JSON.stringify(entry.body, null, 2)}`}`}
      </pre>
      <h3 className={s.label}>Answer</h3>
      <pre className={s.pre}>
        {`${entry.status}${entry.overridden ? ' (an override answered)' : ''} in ${entry.duration_ms} ms`}
      </pre>
      <h3 className={s.label}>curl</h3>
      <pre className={s.pre}>{curlOf(entry)}</pre>
    </div>
  );
}
