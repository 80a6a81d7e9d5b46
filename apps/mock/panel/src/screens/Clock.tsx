import { useState } from 'react';
import { type Advanced, api, type ExpiryKind } from '../api.ts';
import { message, useLoad } from '../load.ts';
import * as s from '../styles.css.ts';

/** Each kind as the list says it, one and many. */
const KINDS: Record<ExpiryKind, [string, string]> = {
  story: ['story', 'stories'],
  token: ['sign-in token', 'sign-in tokens'],
  password_reset: ['reset link', 'reset links'],
  location_share: ['location share', 'location shares'],
  call: ['unanswered call', 'unanswered calls'],
  upload: ['unused upload', 'unused uploads'],
  session: ['idle session', 'idle sessions'],
};

const ADVANCES = [
  { label: '+1 hour', ms: 3600_000 },
  { label: '+1 day', ms: 86_400_000 },
  { label: '+30 days', ms: 30 * 86_400_000 },
];

export function Clock() {
  const { data, error, reload } = useLoad(api.clock);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | undefined>();
  const [last, setLast] = useState<{ label: string; moved: Advanced } | undefined>();
  const advance = async (label: string, ms: number) => {
    setBusy(true);
    try {
      const moved = await api.advance(ms);
      setResult(`Moved ${label.slice(1)}: the mock's time is now ${new Date(moved.now).toLocaleString()}.`);
      setLast({ label, moved });
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
      {last && <ExpiredList label={last.label} moved={last.moved} />}
    </section>
  );
}

/** What the last advance made expire: counts per kind, then each item with its session. */
function ExpiredList({ label, moved }: { label: string; moved: Advanced }) {
  const kinds = (Object.keys(KINDS) as ExpiryKind[]).filter((kind) => moved.counts[kind] > 0);
  const total = kinds.reduce((sum, kind) => sum + moved.counts[kind], 0);
  return (
    <div className={s.stack}>
      <h3 className={s.label} id="expired-title" style={{ margin: 0 }}>
        Expired by the last advance ({label})
      </h3>
      {total === 0 ? (
        <p className={s.empty}>Nothing expired.</p>
      ) : (
        <>
          <p className={s.muted} style={{ margin: 0 }}>
            {kinds.map((kind) => `${moved.counts[kind]} ${KINDS[kind][moved.counts[kind] === 1 ? 0 : 1]}`).join(' · ')}
            {moved.truncated ? ` (the first ${moved.expired.length} listed)` : ''}
          </p>
          <ul className={s.list} aria-labelledby="expired-title">
            {moved.expired.map((item) => (
              <li key={`${item.session ?? ''}/${item.kind}/${item.id}`} className={s.row}>
                <div className={s.grow}>
                  <div className={s.name}>
                    {KINDS[item.kind][0]} <span className={s.mono}>{item.id}</span>
                  </div>
                  <div className={s.muted}>
                    {item.session === null ? 'default state' : `session ${item.session}`}
                    {item.user_id && item.kind !== 'location_share' ? ` · ${item.user_id}` : ''} · expired{' '}
                    {new Date(item.expired_at).toLocaleString()}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
