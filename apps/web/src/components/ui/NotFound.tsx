import type { ApiError } from '@cohort/api';
import { useNavigate } from 'react-router';
import { Button } from './Button.tsx';
import * as l from './layout.css.ts';
import { ScreenHeader } from './ScreenHeader.tsx';

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
      <ScreenHeader title={title} onBack={() => navigate(back)} />
      <section className={l.section} aria-label={title}>
        <p>{text}</p>
        <Button variant="secondary" onClick={() => navigate(back)}>
          {backLabel}
        </Button>
      </section>
    </div>
  );
}
