import doc from 'virtual:cohort-contract';
import { DEMO_ACCOUNT, startBrowserMock } from '@cohort/mock/browser';

/**
 * The offline entry (`pnpm dev:offline`, `build:demo`): starts the mock engine behind MSW's service
 * worker, then the app as usual. A page that cannot run a service worker (not HTTPS nor localhost)
 * says so instead of showing an app whose every request fails.
 */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  try {
    if (!window.isSecureContext || !('serviceWorker' in navigator)) {
      throw new Error('this page cannot register a service worker');
    }
    await startBrowserMock({
      doc,
      workerUrl: `${import.meta.env.BASE_URL}mockServiceWorker.js`,
      database: 'cohort-demo',
      // `pnpm dev:offline` checks every answer against the contract as `pnpm dev` does; the static demo does not.
      checkResponses: import.meta.env.DEV ? 'log' : 'off',
    });
  } catch (error) {
    if (root) root.replaceChildren(unavailable(error));
    return;
  }
  console.info(
    `Cohort demo: sign in as ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password} (${DEMO_ACCOUNT.university}).`,
  );
  await import('../main.tsx');
}

function unavailable(error: unknown): HTMLElement {
  const box = document.createElement('main');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'max-width:32rem;margin:3rem auto;padding:0 1.25rem;font:16px/1.5 system-ui,sans-serif';
  const title = document.createElement('h1');
  title.textContent = 'The demo cannot start here';
  title.style.fontSize = '1.375rem';
  const text = document.createElement('p');
  text.textContent =
    'This demo runs its server inside the page with a service worker, and browsers allow service workers only on HTTPS or on localhost (and not in every private window). Open it over HTTPS or from localhost.';
  const detail = document.createElement('p');
  detail.style.color = '#555';
  detail.textContent = `Reason: ${error instanceof Error ? error.message : String(error)}`;
  box.append(title, text, detail);
  return box;
}

void start();
