import { useCallback, useEffect, useState } from 'react';
import { api, CallError, type UpstreamRow } from '../api.ts';
import { message, useReloadOn } from '../load.ts';
import * as s from '../styles.css.ts';

const WHY: Record<NonNullable<UpstreamRow['last_fallback']>, string> = {
  'mock-ops': 'listed in --mock-ops',
  'not-implemented': 'the backend answered 501',
  'no-route': 'the backend has no route for it',
  unreachable: 'the backend could not be reached',
  'invalid-request': 'the request broke the contract and was not sent',
};

const STATE: Record<UpstreamRow['state'], string> = {
  backend: 'Backend',
  engine: 'Engine',
  drifted: 'Backend, drifted',
};

type Report = { url: string; operations: UpstreamRow[] } | 'off';

/** With `--upstream`: per operation, who answered last (the backend, the engine instead, or the backend off contract). */
export function Upstream({ newest }: { newest: number }) {
  const [report, setReport] = useState<Report | undefined>();
  const [error, setError] = useState<string | undefined>();
  const reload = useCallback(() => {
    api.upstream().then(
      (data) => {
        setReport(data);
        setError(undefined);
      },
      (e: unknown) => {
        // 404: the mock is not in front of a backend.
        if (e instanceof CallError && e.status === 404) setReport('off');
        else setError(message(e));
      },
    );
  }, []);
  useEffect(reload, [reload]);
  useReloadOn(newest, reload);
  const rows = report === 'off' ? undefined : report?.operations;
  const count = (state: UpstreamRow['state']) => rows?.filter((row) => row.state === state).length ?? 0;
  return (
    <section className={s.card} aria-labelledby="upstream-title">
      <div className={s.header}>
        <h2 className={s.cardTitle} id="upstream-title">
          Upstream
        </h2>
        {report !== 'off' && (
          <button type="button" className={s.button.secondary} onClick={reload}>
            Refresh
          </button>
        )}
      </div>
      {error && (
        <p className={s.notice.error} role="alert">
          {error}
        </p>
      )}
      {!report && !error && <p className={s.empty}>Loading…</p>}
      {report === 'off' && !error && (
        <p className={s.empty}>
          The mock answers every operation itself: started with <code className={s.flag}>--upstream URL</code>, it asks
          that backend first and lists here which operations the backend answers.
        </p>
      )}
      {report && !error && report !== 'off' && (
        <>
          <p className={s.muted}>
            In front of <span className={s.mono}>{report.url}</span>: {count('backend')} answered by the backend,{' '}
            {count('engine')} by the engine instead, {count('drifted')} drifted (their latest answer).
          </p>
          {report.operations.length === 0 ? (
            <p className={s.empty}>No request yet: operations appear here as the app calls them.</p>
          ) : (
            <ul className={s.list} aria-label="Operations by who answered">
              {report.operations.map((row) => (
                <li key={row.operationId} className={s.row}>
                  <div className={s.grow}>
                    <div className={s.name}>{row.operationId}</div>
                    <div>
                      <span className={row.state === 'drifted' ? s.badgeBad : s.badge}>{STATE[row.state]}</span>
                      last {row.last_status}
                      {row.state === 'engine' && row.last_fallback ? `: ${WHY[row.last_fallback]}` : ''}
                    </div>
                    <div className={s.muted}>
                      backend {row.backend} · engine {row.engine} · drifted {row.drifted} · last{' '}
                      {new Date(row.last_seen).toLocaleTimeString()}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
