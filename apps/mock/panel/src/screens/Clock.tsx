import { useState } from 'react';
import { api } from '../api.ts';
import { message, useLoad } from '../load.ts';
import * as s from '../styles.css.ts';

const ADVANCES = [
  { label: '+1 hour', ms: 3600_000 },
  { label: '+1 day', ms: 86_400_000 },
  { label: '+30 days', ms: 30 * 86_400_000 },
];

export function Clock() {
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
