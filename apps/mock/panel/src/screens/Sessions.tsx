import { useCallback, useId, useState } from 'react';
import { api, PRESETS, type SessionInfo, webOrigin } from '../api.ts';
import { message, useLoad, useReloadOn } from '../load.ts';
import * as s from '../styles.css.ts';

function ago(from: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(from)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function Sessions({ newest }: { newest: number }) {
  const load = useCallback(async () => {
    const [sessions, clock, origin] = await Promise.all([api.sessions(), api.clock(), webOrigin()]);
    return { sessions, now: Date.parse(clock.now), origin };
  }, []);
  const { data, error, reload } = useLoad(load);
  // A request may have made a session: the journal moving is the hint to look again.
  useReloadOn(newest, reload);
  const [name, setName] = useState('');
  const [preset, setPreset] = useState('empty');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const nameId = useId();
  const presetId = useId();
  const fileNameId = useId();
  const fileId = useId();
  const [fileName, setFileName] = useState('');
  const [file, setFile] = useState<File | undefined>();

  // A scenario file (JSON, as a stopped recording saves it) sent as the session's scenario; its errors named by path.
  const startFromFile = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setResult(undefined);
    try {
      let scenario: unknown;
      try {
        scenario = JSON.parse(await file.text());
      } catch {
        throw new Error(
          `${file.name} is not JSON: save the scenario as .json (YAML files are read by --scenario only).`,
        );
      }
      const made = await api.makeSessionFrom(fileName.trim(), scenario);
      const replayed = made.records
        ? ` ${made.records.replayed} recorded writes replayed${made.records.skipped.length + made.records.differed.length > 0 ? `, ${made.records.skipped.length} skipped, ${made.records.differed.length} answered otherwise` : ''}.`
        : '';
      setResult({ ok: true, text: `Session ${made.name} started from ${file.name}.${replayed}` });
      setFileName('');
      reload();
    } catch (e) {
      setResult({ ok: false, text: message(e) });
    } finally {
      setBusy(false);
    }
  };

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
        <h3 className={s.label} id={`${fileId}-title`} style={{ margin: '16px 0 8px' }}>
          Or from a scenario file: a <code className={s.code}>--scenario</code> file in JSON, or a stopped recording
        </h3>
        <form className={s.form} onSubmit={startFromFile} aria-labelledby={`${fileId}-title`}>
          <div className={s.field}>
            <label className={s.label} htmlFor={fileNameId}>
              New session
            </label>
            <input
              id={fileNameId}
              className={s.input}
              value={fileName}
              onChange={(e) => setFileName(e.target.value)}
              required
              maxLength={64}
              pattern="[A-Za-z0-9._~\-]+"
              placeholder="e.g. bug-42"
              autoComplete="off"
            />
          </div>
          <div className={s.field}>
            <label className={s.label} htmlFor={fileId}>
              Scenario file (JSON)
            </label>
            <input
              id={fileId}
              className={s.input}
              type="file"
              accept=".json,application/json"
              required
              onChange={(e) => setFile(e.target.files?.[0])}
            />
          </div>
          <button type="submit" className={s.button.secondary} disabled={busy}>
            Start from file
          </button>
        </form>
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
