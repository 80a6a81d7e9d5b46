import type { ApiError } from '@cohort/api';
import { useNavigate } from 'react-router';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import * as l from './layout.css.ts';

/** The server's answer means the id names nothing there is (unknown, malformed or missing). */
export function isNotFound(error: ApiError | null | undefined): boolean {
  return error?.status === 404 || error?.status === 422;
}

/** A screen opened with an id that names nothing: says so, offers a way back, and no actions. */
export function NotFound({
  title,
  text,
  back,
  backLabel,
}: {
  title: string;
  text: string;
  back: string;
  backLabel: string;
}) {
  const navigate = useNavigate();
  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <Button variant="ghost" aria-label="Back" onClick={() => navigate(back)}>
          <Icon name="back" />
        </Button>
        <h1 className={l.topTitle}>{title}</h1>
        <span style={{ width: 44 }} />
      </header>
      <section className={l.section} aria-label={title}>
        <p>{text}</p>
        <Button variant="secondary" onClick={() => navigate(back)}>
          {backLabel}
        </Button>
      </section>
    </div>
  );
}
