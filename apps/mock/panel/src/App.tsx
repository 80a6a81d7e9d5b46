import { type Ref, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Components, Virtuoso } from 'react-virtuoso';
import {
  api,
  CallError,
  type JournalEntry,
  type Mail,
  PRESETS,
  type SessionInfo,
  watchJournal,
  webOrigin,
} from './api.ts';
import * as s from './styles.css.ts';

const SCREENS = ['Sessions', 'Journal', 'Clock', 'Outbox'] as const;
type Screen = (typeof SCREENS)[number];
/** Entries the panel keeps (the mock's journal keeps 1,000 by default). */
const KEPT = 1000;
/** Entries listed at most (only those in view are drawn). */
const SHOWN = KEPT;

const message = (error: unknown) =>
  error instanceof CallError || error instanceof Error ? error.message : String(error);

function useLoad<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const reload = useCallback(() => {
    load().then(
      (value) => {
        setData(value);
        setError(undefined);
      },
      (e: unknown) => setError(message(e)),
    );
  }, [load]);
  useEffect(reload, [reload]);
  return { data, error, reload };
}

function screenOfHash(): Screen {
  const hash = decodeURIComponent(location.hash.slice(1));
  return (SCREENS as readonly string[]).includes(hash) ? (hash as Screen) : 'Sessions';
}

export function App() {
  const [screen, setScreen] = useState<Screen>(screenOfHash);
  // Back, forward and a typed `#Journal` move between screens too.
  useEffect(() => {
    const follow = () => setScreen(screenOfHash());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [streamState, setStreamState] = useState<'connecting' | 'open' | 'down'>('connecting');
  useEffect(
    () =>
      watchJournal(
        (entry) =>
          setEntries((list) => {
            if (list.length > 0 && (list.at(-1)?.seq ?? 0) >= entry.seq) return list;
            const next = [...list, entry];
            return next.length > KEPT ? next.slice(next.length - KEPT) : next;
          }),
        setStreamState,
      ),
    [],
  );
  const go = (next: Screen) => {
    setScreen(next);
    history.pushState(null, '', `#${next}`);
  };
  return (
    <div className={s.shell}>
      <header className={s.header}>
        <h1 className={s.title}>Mock control panel</h1>
        <span className={streamState === 'open' ? s.live.open : s.live.down} role="status">
          {streamState === 'open'
            ? '● Journal live'
            : streamState === 'down'
              ? '● Journal reconnecting…'
              : 'Connecting…'}
        </span>
      </header>
      <nav aria-label="Screens">
        <div className={s.tabs}>
          {SCREENS.map((name) => (
            <button
              key={name}
              type="button"
              className={screen === name ? s.tab.active : s.tab.idle}
              aria-current={screen === name ? 'page' : undefined}
              onClick={() => go(name)}
            >
              {name}
            </button>
          ))}
        </div>
      </nav>
      <main>
        {screen === 'Sessions' && <Sessions newest={entries.at(-1)?.seq ?? 0} />}
        {screen === 'Journal' && <Journal entries={entries} onClear={() => setEntries([])} />}
        {screen === 'Clock' && <Clock />}
        {screen === 'Outbox' && <Outbox />}
      </main>
    </div>
  );
}

function ago(from: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(from)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function Sessions({ newest }: { newest: number }) {
  const load = useCallback(async () => {
    const [sessions, clock, origin] = await Promise.all([api.sessions(), api.clock(), webOrigin()]);
    return { sessions, now: Date.parse(clock.now), origin };
  }, []);
  const { data, error, reload } = useLoad(load);
  // A request may have made a session: the journal moving is the hint to look again, at most every 2 s.
  const lastLoad = useRef(Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload as the journal's newest entry changes
  useEffect(() => {
    const timer = setTimeout(
      () => {
        lastLoad.current = Date.now();
        reload();
      },
      Math.max(0, lastLoad.current + 2000 - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [newest, reload]);
  const [name, setName] = useState('');
  const [preset, setPreset] = useState('empty');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const nameId = useId();
  const presetId = useId();

  const start = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(undefined);
    try {
      const made = await api.makeSession(name.trim(), preset);
      setResult({ ok: true, text: `Session ${made.name} started from ${made.scenario}.` });
      setName('');
      reload();
    } catch (e) {
      setResult({ ok: false, text: message(e) });
    } finally {
      setBusy(false);
    }
  };
  const drop = async (session: SessionInfo) => {
    try {
      await api.dropSession(session.name);
      setResult({ ok: true, text: `Session ${session.name} dropped.` });
    } catch (e) {
      setResult({ ok: false, text: message(e) });
    }
    reload();
  };

  return (
    <>
      <section className={s.card} aria-labelledby="start-title">
        <h2 className={s.cardTitle} id="start-title">
          Start a session
        </h2>
        <form className={s.form} onSubmit={start}>
          <div className={s.field}>
            <label className={s.label} htmlFor={nameId}>
              Name
            </label>
            <input
              id={nameId}
              className={s.input}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={64}
              pattern="[A-Za-z0-9._~\-]+"
              placeholder="e.g. demo-1"
              autoComplete="off"
            />
          </div>
          <div className={s.field}>
            <label className={s.label} htmlFor={presetId}>
              Preset
            </label>
            <select id={presetId} className={s.input} value={preset} onChange={(e) => setPreset(e.target.value)}>
              {Object.entries(PRESETS).map(([key, value]) => (
                <option key={key} value={key} title={value.description}>
                  {key}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={s.button.primary} disabled={busy}>
            {busy ? 'Starting…' : 'Start session'}
          </button>
        </form>
        <p className={s.muted}>{PRESETS[preset as keyof typeof PRESETS]?.description}</p>
        {result && (
          <p className={result.ok ? s.notice.ok : s.notice.error} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
        )}
      </section>
      <section className={s.card} aria-labelledby="sessions-title">
        <h2 className={s.cardTitle} id="sessions-title">
          Live sessions
        </h2>
        {error && (
          <p className={s.notice.error} role="alert">
            {error}
          </p>
        )}
        {!data && !error && <p className={s.empty}>Loading…</p>}
        {data && data.sessions.length === 0 && (
          <p className={s.empty}>No session yet. Start one above, or send a request with an X-Mock-Session header.</p>
        )}
        {data && data.sessions.length > 0 && (
          <ul className={s.list} aria-label="Sessions">
            {data.sessions.map((session) => (
              <li key={session.name} className={s.row}>
                <div className={s.grow}>
                  <div className={s.name}>{session.name}</div>
                  <div className={s.muted}>
                    {session.scenario} · made {ago(session.created_at, data.now)} ago · {session.requests}{' '}
                    {session.requests === 1 ? 'request' : 'requests'} · {megabytes(session.size_bytes)}
                  </div>
                </div>
                <div className={s.actions}>
                  <a
                    className={s.link}
                    href={`${data.origin}/?mock_session=${encodeURIComponent(session.name)}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Open the app in {session.name}
                  </a>
                  <button
                    type="button"
                    className={s.button.danger}
                    onClick={() => void drop(session)}
                    aria-label={`Drop session ${session.name}`}
                  >
                    Drop
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

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

function Journal({ entries, onClear }: { entries: JournalEntry[]; onClear: () => void }) {
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

const ADVANCES = [
  { label: '+1 hour', ms: 3600_000 },
  { label: '+1 day', ms: 86_400_000 },
  { label: '+30 days', ms: 30 * 86_400_000 },
];

function Clock() {
  const { data, error, reload } = useLoad(api.clock);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | undefined>();
  const advance = async (label: string, ms: number) => {
    setBusy(true);
    try {
      const moved = await api.advance(ms);
      setResult(`Moved ${label.slice(1)}: the mock's time is now ${new Date(moved.now).toLocaleString()}.`);
    } catch (e) {
      setResult(message(e));
    } finally {
      setBusy(false);
      reload();
    }
  };
  return (
    <section className={s.card} aria-labelledby="clock-title">
      <h2 className={s.cardTitle} id="clock-title">
        The mock's clock
      </h2>
      {error && (
        <p className={s.notice.error} role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p className={s.empty}>Loading…</p>}
      {data && (
        <>
          <p className={s.big}>{new Date(data.now).toLocaleString()}</p>
          <p className={s.muted}>
            {data.offset_ms === 0
              ? 'In step with real time.'
              : `${(data.offset_ms / 3600_000).toFixed(1)} hours ahead of real time.`}{' '}
            Tokens, stories, reset links, rate windows and idle sessions all read this clock.
          </p>
        </>
      )}
      <div className={s.actions}>
        {ADVANCES.map(({ label, ms }) => (
          <button
            key={label}
            type="button"
            className={s.button.secondary}
            disabled={busy}
            onClick={() => void advance(label, ms)}
          >
            {label}
          </button>
        ))}
      </div>
      {result && (
        <p className={s.notice.ok} role="status">
          {result}
        </p>
      )}
    </section>
  );
}

function Outbox() {
  const { data, error, reload } = useLoad(api.mail);
  return (
    <section className={s.card} aria-labelledby="outbox-title">
      <div className={s.header}>
        <h2 className={s.cardTitle} id="outbox-title">
          Outbox
        </h2>
        <button type="button" className={s.button.secondary} onClick={reload}>
          Refresh
        </button>
      </div>
      {error && (
        <p className={s.notice.error} role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p className={s.empty}>Loading…</p>}
      {data && data.length === 0 && <p className={s.empty}>No mail yet: a password reset request sends one.</p>}
      {data && data.length > 0 && (
        <ul className={s.list} aria-label="Mails, newest first">
          {data.map((mail: Mail) => (
            <li key={`${mail.sent_at}-${mail.link}`} className={s.row}>
              <div className={s.grow}>
                <div className={s.name}>{mail.subject}</div>
                <div className={s.muted}>
                  to {mail.to} · {new Date(mail.sent_at).toLocaleString()}
                </div>
                <a className={s.link} href={mail.link} target="_blank" rel="noreferrer">
                  {mail.link}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
