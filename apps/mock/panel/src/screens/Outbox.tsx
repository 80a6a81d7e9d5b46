import { api, type Mail } from '../api.ts';
import { useLoad } from '../load.ts';
import * as s from '../styles.css.ts';

export function Outbox() {
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
