import './styles/global.css.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

// Development: `?mock_session=NAME` (the mock control panel's "open the app" link) puts this origin's
// requests into that mock session through the cookie the mock reads; `?mock_session=` leaves it.
if (import.meta.env.DEV) {
  const url = new URL(location.href);
  const session = url.searchParams.get('mock_session');
  if (session !== null) {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain name=value; the Cookie Store API is missing in Firefox and Safari.
    document.cookie = /^[A-Za-z0-9._~-]{1,64}$/.test(session)
      ? `mock_session=${session}; path=/; SameSite=Strict`
      : 'mock_session=; path=/; max-age=0';
    url.searchParams.delete('mock_session');
    history.replaceState(history.state, '', url);
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
