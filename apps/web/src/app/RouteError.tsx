import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import * as l from '../components/ui/layout.css.ts';
import { paths } from '../config/paths.ts';

/** The route error boundary: a readable message and a way on, never a blank screen or a stack trace. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A failed lazy chunk after a deploy is the common case: a reload fetches the new one.
  const message = notFound
    ? 'This page does not exist.'
    : 'Something went wrong while showing this screen. Reloading usually fixes it.';
  return (
    <section className={l.section} aria-labelledby="route-error-title">
      <h1 id="route-error-title">{notFound ? 'Not found' : 'Something went wrong'}</h1>
      <p className={l.muted}>{message}</p>
      <div className={l.row}>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.profile}>Go to my profile</Link>
      </div>
    </section>
  );
}
