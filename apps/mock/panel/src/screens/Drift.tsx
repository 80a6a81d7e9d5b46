import { useState } from 'react';
import { api, type Violation } from '../api.ts';
import { message, useLoad, useReloadOn } from '../load.ts';
import * as s from '../styles.css.ts';

const SIDES: Record<Violation['side'], string> = {
  engine: 'the mock’s answer',
  backend: 'the backend’s answer',
  client: 'the request',
};

/**
 * The drift alarm's list: each break of the contract once, with the latest request that showed it
 * (a link into the Journal while the panel still holds that entry).
 */
export function Drift({ newest, held }: { newest: number; held: (seq: number) => boolean }) {
  const { data, error, reload } = useLoad(api.violations);
  const [failure, setFailure] = useState<string | undefined>();
  useReloadOn(newest, reload);
  const clear = async () => {
    try {
      await api.clearViolations();
      setFailure(undefined);
    } catch (e) {
      setFailure(message(e));
    }
    reload();
  };
  // After a failed reload, the old list is not shown as if it were current.
  const list = error ? undefined : data?.data;
  return (
    <section className={s.card} aria-labelledby="drift-title">
      <div className={s.header}>
        <h2 className={s.cardTitle} id="drift-title">
          Drift
        </h2>
        <div className={s.actions}>
          <button type="button" className={s.button.secondary} onClick={reload}>
            Refresh
          </button>
          {list && list.length > 0 && (
            <button type="button" className={s.button.secondary} onClick={() => void clear()}>
              Clear
            </button>
          )}
        </div>
      </div>
      {(error ?? failure) && (
        <p className={s.notice.error} role="alert">
          {error ?? failure}
        </p>
      )}
      {!data && !error && <p className={s.empty}>Loading…</p>}
      {data && !error && data.message !== 'OK' && (
        <p className={s.muted}>
          The drift alarm is off: start the mock with <code className={s.flag}>--check-responses</code> to check its
          answers.
        </p>
      )}
      {list && list.length === 0 && (
        <p className={s.empty}>
          No drift. Drift is an answer (or a request) that breaks the contract: a field of the wrong type, a required
          one missing, a status the operation does not declare. The mock checks its own answers with{' '}
          <code className={s.flag}>--check-responses</code> and a backend's with{' '}
          <code className={s.flag}>--upstream</code>, and lists each break here once with the request that showed it.
        </p>
      )}
      {list && list.length > 0 && (
        <ul className={s.list} aria-label="Contract violations">
          {list.map((v) => (
            <li key={`${v.side} ${v.operationId} ${v.pointer}`} className={s.row}>
              <div className={s.grow}>
                <div className={s.name}>
                  {v.operationId} <span className={s.mono}>{v.pointer || '(the body)'}</span>
                </div>
                <div>
                  <span className={s.badge}>{v.keyword ?? 'status'}</span>
                  {v.message}
                </div>
                <div className={s.muted}>
                  Broken by {SIDES[v.side]} ({v.status}) · {v.count} {v.count === 1 ? 'time' : 'times'} · last{' '}
                  {new Date(v.last_seen).toLocaleTimeString()}
                </div>
                <RequestOf violation={v} held={held} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestOf({ violation, held }: { violation: Violation; held: (seq: number) => boolean }) {
  const request = violation.request;
  if (!request) return <p className={s.muted}>The request was not recorded.</p>;
  const line = `${request.method} ${request.path}${request.session ? ` · ${request.session}` : ''}`;
  if (request.seq !== null && held(request.seq))
    return (
      <a className={s.link} href={`#Journal/${request.seq}`}>
        <span className={s.mono}>{line}</span> (#{request.seq} in the journal)
      </a>
    );
  return (
    <p className={s.muted}>
      <span className={s.mono}>{line}</span>{' '}
      {request.seq === null ? '(the journal is off)' : `(#${request.seq}, no longer in the journal)`}
    </p>
  );
}
