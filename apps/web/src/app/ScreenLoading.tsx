import { Spinner } from '../components/ui/Button.tsx';
import * as l from '../components/ui/layout.css.ts';

export function ScreenLoading() {
  return (
    <div className={l.section}>
      <p className={l.muted}>
        <Spinner label="Loading" /> Loading…
      </p>
    </div>
  );
}
