import { useCallback, useId, useMemo, useState } from 'react';
import { api, contract, type Override } from '../api.ts';
import { message, useLoad } from '../load.ts';
import { type Doc, type Issue, type OperationInfo, operationsOf, sample, setAt, validate } from '../schema.ts';
import * as s from '../styles.css.ts';
import { SchemaField } from './BodyForm.tsx';

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };
const parse = (text: string): Parsed => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
};
const show = (value: unknown) => JSON.stringify(value, null, 2);

function scopeOf(override: Override) {
  return override.session === null ? 'default state' : `session ${override.session}`;
}

export function Overrides() {
  const loadAll = useCallback(async () => {
    const [doc, sessions] = await Promise.all([contract(), api.sessions()]);
    return { doc, operations: operationsOf(doc), sessions: sessions.map((x) => x.name) };
  }, []);
  const { data, error } = useLoad(loadAll);
  const active = useLoad(api.overrides);
  return (
    <>
      <section className={s.card} aria-labelledby="override-title">
        <h2 className={s.cardTitle} id="override-title">
          Add an override
        </h2>
        <p className={s.muted}>
          The next calls of the operation answer this instead of the mock's handler, checked against the contract when
          saved.
        </p>
        {error && (
          <p className={s.notice.error} role="alert">
            {error}
          </p>
        )}
        {!data && !error && <p className={s.empty}>Reading the contract…</p>}
        {data && (
          <OverrideForm doc={data.doc} operations={data.operations} sessions={data.sessions} onSaved={active.reload} />
        )}
      </section>
      <ActiveOverrides {...active} />
    </>
  );
}

function OverrideForm({
  doc,
  operations,
  sessions,
  onSaved,
}: {
  doc: Doc;
  operations: OperationInfo[];
  sessions: string[];
  onSaved: () => void;
}) {
  const ids = { op: useId(), status: useId(), scope: useId(), times: useId(), json: useId(), issues: useId() };
  const [operationId, setOperationId] = useState(
    operations.find((o) => o.operationId === 'getMe')?.operationId ?? operations[0]?.operationId ?? '',
  );
  const operation = operations.find((o) => o.operationId === operationId);
  const choices = (operation?.statuses ?? []).filter((c) => !c.other);
  const [status, setStatus] = useState(choices[0]?.status ?? 200);
  const choice = choices.find((c) => c.status === status) ?? choices[0];
  const startOf = useCallback(
    (c: typeof choice) =>
      c?.schema === undefined ? '' : show(c.example !== undefined ? c.example : sample(doc, c.schema)),
    [doc],
  );
  const [text, setText] = useState(() => startOf(choice));
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const [scope, setScope] = useState('');
  const [times, setTimes] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();

  const pick = (nextOp: string, nextStatus?: number) => {
    const op = operations.find((o) => o.operationId === nextOp);
    const list = (op?.statuses ?? []).filter((c) => !c.other);
    const c = list.find((x) => x.status === nextStatus) ?? list.find((x) => x.status < 300) ?? list[0] ?? undefined;
    setOperationId(nextOp);
    setStatus(c?.status ?? 200);
    setText(startOf(c));
    setResult(undefined);
  };

  const parsed = useMemo(() => (choice?.schema === undefined ? undefined : parse(text)), [choice, text]);
  const issues: Issue[] = useMemo(
    () => (parsed?.ok && choice?.schema ? validate(doc, choice.schema, parsed.value) : []),
    [doc, choice, parsed],
  );
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!operation || !choice || (parsed && !parsed.ok)) return;
    setBusy(true);
    setResult(undefined);
    try {
      const added = await api.addOverride(
        {
          operationId: operation.operationId,
          status: choice.status,
          ...(parsed?.ok ? { body: parsed.value } : {}),
          ...(times.trim() ? { times: Number(times) } : {}),
        },
        scope,
      );
      setResult({ ok: true, text: `${added.operationId} answers ${added.status} now in the ${scopeOf(added)}.` });
      onSaved();
    } catch (e) {
      setResult({ ok: false, text: message(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} aria-describedby={issues.length > 0 ? ids.issues : undefined}>
      <div className={s.form}>
        <div className={s.field}>
          <label className={s.label} htmlFor={ids.op}>
            Operation
          </label>
          <select id={ids.op} className={s.input} value={operationId} onChange={(e) => pick(e.target.value)}>
            {operations.map((o) => (
              <option key={o.operationId} value={o.operationId}>
                {o.operationId} — {o.method} {o.path}
              </option>
            ))}
          </select>
        </div>
        <div className={s.field}>
          <label className={s.label} htmlFor={ids.status}>
            Status
          </label>
          <select
            id={ids.status}
            className={s.input}
            value={choice?.status ?? ''}
            onChange={(e) => pick(operationId, Number(e.target.value))}
          >
            {choices.map((c) => (
              <option key={c.status} value={c.status}>
                {c.status}
                {c.schema === undefined ? ' (no body)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className={s.field}>
          <label className={s.label} htmlFor={ids.scope}>
            Answers
          </label>
          <select id={ids.scope} className={s.input} value={scope} onChange={(e) => setScope(e.target.value)}>
            <option value="">Requests outside any session</option>
            {sessions.map((name) => (
              <option key={name} value={name}>
                Session {name}
              </option>
            ))}
          </select>
        </div>
        <div className={s.field}>
          <label className={s.label} htmlFor={ids.times}>
            Times (empty: until removed)
          </label>
          <input
            id={ids.times}
            className={s.input}
            type="number"
            min={1}
            step={1}
            value={times}
            onChange={(e) => setTimes(e.target.value)}
          />
        </div>
      </div>
      {operation && <p className={s.muted}>{[operation.summary, choice?.description].filter(Boolean).join(' · ')}</p>}
      {choice?.schema === undefined ? (
        <p className={s.muted}>This status has no body.</p>
      ) : (
        <div className={s.stack}>
          <fieldset className={s.toggle}>
            <legend className={s.visuallyHidden}>Edit the body as</legend>
            <button
              type="button"
              className={mode === 'form' ? s.button.primary : s.button.secondary}
              aria-pressed={mode === 'form'}
              onClick={() => setMode('form')}
            >
              Form
            </button>
            <button
              type="button"
              className={mode === 'json' ? s.button.primary : s.button.secondary}
              aria-pressed={mode === 'json'}
              onClick={() => setMode('json')}
            >
              JSON
            </button>
          </fieldset>
          {mode === 'json' || !parsed?.ok ? (
            <div className={s.field}>
              <label className={s.label} htmlFor={ids.json}>
                Body (JSON)
              </label>
              <textarea
                id={ids.json}
                className={s.code}
                value={text}
                spellCheck={false}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
          ) : (
            <SchemaField
              doc={doc}
              schema={choice.schema}
              value={parsed.value}
              label="Body"
              path={[]}
              onChange={(path, value) => setText(show(setAt(parsed.value, path, value)))}
            />
          )}
          <div id={ids.issues} aria-live="polite">
            {parsed && !parsed.ok && (
              <ul className={s.issues} aria-label="Errors in the body">
                <li>Not JSON: {parsed.error}</li>
              </ul>
            )}
            {issues.length > 0 && (
              <ul className={s.issues} aria-label="Errors in the body">
                {issues.slice(0, 20).map((issue) => (
                  <li key={`${issue.pointer} ${issue.keyword} ${issue.message}`}>
                    <span className={s.mono}>{issue.pointer || '(body)'}</span> {issue.message} ({issue.keyword})
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
      <div className={s.stack}>
        <div className={s.actions}>
          <button type="submit" className={s.button.primary} disabled={busy || (parsed !== undefined && !parsed.ok)}>
            {busy ? 'Saving…' : 'Save override'}
          </button>
          <button type="button" className={s.button.secondary} onClick={() => pick(operationId, choice?.status)}>
            Start the body again
          </button>
        </div>
      </div>
      {result && (
        <p className={result.ok ? s.notice.ok : s.notice.error} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      )}
    </form>
  );
}

function ActiveOverrides({
  data,
  error,
  reload,
}: {
  data: Override[] | undefined;
  error: string | undefined;
  reload: () => void;
}) {
  const [failure, setFailure] = useState<string | undefined>();
  const remove = async (override: Override) => {
    try {
      await api.removeOverride(override.id);
      setFailure(undefined);
    } catch (e) {
      setFailure(message(e));
    }
    reload();
  };
  return (
    <section className={s.card} aria-labelledby="active-title">
      <div className={s.header}>
        <h2 className={s.cardTitle} id="active-title">
          Active overrides
        </h2>
        <button type="button" className={s.button.secondary} onClick={reload}>
          Refresh
        </button>
      </div>
      {(error ?? failure) && (
        <p className={s.notice.error} role="alert">
          {error ?? failure}
        </p>
      )}
      {!data && !error && <p className={s.empty}>Loading…</p>}
      {data && data.length === 0 && <p className={s.empty}>No override: every operation answers from the mock.</p>}
      {data && data.length > 0 && (
        <ul className={s.list} aria-label="Active overrides">
          {data.map((override) => (
            <li key={override.id} className={s.row}>
              <div className={s.grow}>
                <div className={s.name}>
                  {override.operationId} → {override.status}
                </div>
                <div className={s.muted}>
                  {scopeOf(override)} · used {override.used}{' '}
                  {override.remaining === null ? '· until removed' : `· ${override.remaining} left`}
                  {override.delay > 0 ? ` · ${override.delay} ms delay` : ''}
                </div>
              </div>
              <button
                type="button"
                className={s.button.danger}
                aria-label={`Remove the override of ${override.operationId} (${override.status}, ${scopeOf(override)})`}
                onClick={() => void remove(override)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
