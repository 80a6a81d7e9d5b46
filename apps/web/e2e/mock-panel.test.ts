import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInBackend, startStandInBackend } from '../../mock/test/upstream-backend.ts';
import { a11yViolations, type Stack, screenshot, startStack } from './harness.ts';
import { signIn } from './people.ts';

let stack: Stack;

beforeAll(async () => {
  // The panel as the mock ships it: built into the mock's dist/panel from the current source.
  await build({
    configFile: fileURLToPath(new URL('../../mock/panel/vite.config.ts', import.meta.url)),
    logLevel: 'warn',
  });
  // Sessions idle for two days expire (30 minutes by default): the clock test's day forward must leave
  // the app's session, and its sign-in, in place.
  stack = await startStack(['--session-idle-minutes', '2880']);
});

afterAll(async () => {
  await stack?.stop();
});

/** A GET of `path` with its own `Host` header (fetch cannot set one). */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the mock control panel (/__mock/ui)', () => {
  it('starts a session from the empty preset and shows the app’s requests in that session live', async () => {
    // The panel's CSP forbids inline scripts, axe-core's injection included: the test alone sets it aside.
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const panel = await context.newPage();
    panel.setDefaultTimeout(20_000);
    await panel.goto(`${stack.mockUrl}/__mock/ui/`);
    await panel.getByText('Journal live').waitFor();

    await panel.getByLabel('Name').fill('panel-e2e');
    await panel.getByLabel('Preset').selectOption('empty');
    await panel.getByRole('button', { name: 'Start session' }).click();
    await panel.getByText('Session panel-e2e started from empty.').waitFor();
    const sessions = panel.getByRole('list', { name: 'Sessions' });
    await sessions.getByText('panel-e2e', { exact: true }).waitFor();
    const open = panel.getByRole('link', { name: 'Open the app in panel-e2e' });
    expect(await open.getAttribute('href')).toMatch(/\/\?mock_session=panel-e2e$/);
    expect(await a11yViolations(panel)).toEqual([]);
    await screenshot(panel, 'mock-panel-sessions');

    await panel.getByRole('button', { name: 'Journal' }).click();
    await panel.getByLabel('Session').selectOption('*');

    // The web app, in another browser, in that session (the cookie the panel's link sets in development).
    const appContext = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    await appContext.addCookies([{ name: 'mock_session', value: 'panel-e2e', url: stack.appUrl }]);
    const app = await appContext.newPage();
    app.setDefaultTimeout(20_000);
    await app.goto(`${stack.appUrl}/login`);
    await signIn(app, stack, stack.demo);

    // Arrives without a reload of the panel: the journal stream carried it.
    const journal = panel.getByRole('list', { name: 'Requests, newest first' });
    const login = journal.getByRole('button', { name: /POST\s*\/api\/v1\/login\s*· panel-e2e/ });
    await login.waitFor();
    await login.click();
    await panel.getByText('curl -X POST').waitFor();
    // The entry's request body can be drawn a moment after its curl line.
    const detail = () =>
      panel
        .locator('pre')
        .allTextContents()
        .then((texts) => texts.join('\n'));
    await expect.poll(detail).toContain('"password": "[redacted]"');
    expect(await detail()).not.toContain(stack.demo.password);
    expect(await a11yViolations(panel)).toEqual([]);
    await screenshot(panel, 'mock-panel-journal');

    // A mark: only what came after it shows (the sign-in goes, the next request of the app comes).
    await panel.getByRole('button', { name: 'Mark this point' }).click();
    await panel.getByText('No request matching these filters since the mark.').waitFor();
    await app.reload();
    await journal
      .getByRole('button', { name: /GET\s*\/api\/v1\/users\/me\s*· panel-e2e/ })
      .first()
      .waitFor();
    expect(await login.count()).toBe(0);
    await appContext.close();
    await context.close();
  });

  it('adds an override from the panel, scoped to a session, and the app in that session shows it; removing it ends it', async () => {
    const made = await fetch(`${stack.mockUrl}/__mock/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'panel-ovr' }),
    });
    expect(made.status).toBe(201);
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const panel = await context.newPage();
    panel.setDefaultTimeout(20_000);
    await panel.goto(`${stack.mockUrl}/__mock/ui/#Overrides`);
    await panel.getByLabel('Operation').selectOption('listNotes');
    await panel.getByLabel('Status').selectOption('503');
    await panel.getByLabel('Session').selectOption('panel-ovr');
    // The form is drawn from the 503's schema: its message is a text field; a wrong type is named as it is typed.
    await panel.getByRole('button', { name: 'JSON' }).click();
    await panel.getByLabel('Body (JSON)').fill('{"success": false, "message": 7}');
    await panel.getByRole('list', { name: 'Errors in the body' }).getByText('must be string (type)').waitFor();
    await panel.getByRole('button', { name: 'Form' }).click();
    await panel.getByLabel('message', { exact: true }).fill('Notes are down, said the panel.');
    expect(await panel.getByRole('list', { name: 'Errors in the body' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Save override' }).click();
    await panel.getByText('listNotes answers 503 now in the session panel-ovr.').waitFor();
    const active = panel.getByRole('list', { name: 'Active overrides' });
    await active.getByText('listNotes → 503').waitFor();
    const openApp = active.getByRole('link', { name: 'Open the app in panel-ovr' });
    expect(await openApp.getAttribute('href')).toMatch(/\/\?mock_session=panel-ovr$/);
    expect(await a11yViolations(panel)).toEqual([]);
    await screenshot(panel, 'mock-panel-overrides');

    // The app in that session: the cookie the link sets in development (this is the built app) meets the override.
    const appContext = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    await appContext.addCookies([{ name: 'mock_session', value: 'panel-ovr', url: stack.appUrl }]);
    const app = await appContext.newPage();
    app.setDefaultTimeout(20_000);
    await app.goto(`${stack.appUrl}/login`);
    await signIn(app, stack, stack.demo);
    await app.getByText('Could not load notes: Notes are down, said the panel.').waitFor();

    await active.getByRole('button', { name: 'Remove the override of listNotes (503, session panel-ovr)' }).click();
    await panel.getByText('No override: every operation answers from the mock.').waitFor();
    await app.reload();
    await app.getByRole('button', { name: 'Add Note' }).waitFor();
    expect(await app.getByText('Could not load notes').count()).toBe(0);
    await appContext.close();
    await context.close();
  });

  it('every screen has no axe violation at 1280×800 and 390×844, and is driven by the keyboard alone', async () => {
    // Something on each list: a mail in the outbox, requests in the journal (sessions and overrides exist above).
    const mailed = await fetch(`${stack.mockUrl}/api/v1/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: stack.demo.email }),
    });
    expect(mailed.status).toBe(200);
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const panel = await context.newPage();
    panel.setDefaultTimeout(20_000);
    await panel.goto(`${stack.mockUrl}/__mock/ui/`);
    await panel.getByText('Journal live').waitFor();
    const screens = ['Sessions', 'Overrides', 'Journal', 'Drift', 'Upstream', 'Clock', 'Outbox'];
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await panel.setViewportSize(size);
      for (const name of screens) {
        await panel.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name }).click();
        // Loaded, not its loading line, is what is checked.
        await expect
          .poll(() => panel.getByText(/^(Loading…|Reading the contract…)$/).count(), { timeout: 10_000 })
          .toBe(0);
        const found = await a11yViolations(panel);
        expect({ screen: name, size, found }).toEqual({ screen: name, size, found: [] });
        await screenshot(panel, `mock-panel-${name.toLowerCase()}-${size.width}`);
      }
    }

    // The keyboard alone: Tab to the Overrides tab, Enter; Tab to the JSON toggle, Space; Tab to Save, Enter.
    await panel.goto(`${stack.mockUrl}/__mock/ui/#Sessions`);
    await panel.getByText('Journal live').waitFor();
    const tabTo = async (name: string) => {
      for (let i = 0; i < 60; i++) {
        await panel.keyboard.press('Tab');
        const focused = await panel.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
        if (focused === name) return;
      }
      throw new Error(`Tab never reached ${name}`);
    };
    await tabTo('Overrides');
    await panel.keyboard.press('Enter');
    await panel.getByRole('heading', { name: 'Add an override' }).waitFor();
    await panel.getByLabel('Operation').waitFor();
    await tabTo('JSON');
    await panel.keyboard.press('Space');
    await panel.getByLabel('Body (JSON)').waitFor();
    await tabTo('Save override');
    await panel.keyboard.press('Enter');
    await panel.getByText('getMe answers 200 now in the default state.').waitFor();
    await tabTo('Remove');
    await panel.keyboard.press('Space');
    await panel.getByText('No override: every operation answers from the mock.').waitFor();
    await context.close();
  });

  it('is refused for a page of another origin and for a Host the mock was not given; never framed', async () => {
    const own = await fetch(`${stack.mockUrl}/__mock/ui/`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await own.text()).toContain('<div id="root">');

    const foreign = await fetch(`${stack.mockUrl}/__mock/ui/`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).not.toContain('<div id="root">');
    expect(await getWithHost(`${stack.mockUrl}/__mock/ui/`, 'evil.example')).toBe(403);
  });
});

describe('the panel in front of a backend (--upstream): drift and who answered', () => {
  let backend: StandInBackend;
  let upstream: Stack;

  beforeAll(async () => {
    // Its notes list leaves out each note's required date: the backend drifts from the contract.
    backend = await startStandInBackend({ drift: true, stream: false });
    upstream = await startStack(['--upstream', backend.url]);
  });

  afterAll(async () => {
    // The drift is this test's point: cleared so the stack's own drift check passes.
    if (upstream) await fetch(`${upstream.mockUrl}/__mock/violations`, { method: 'DELETE', headers: json });
    await upstream?.stop();
    await backend?.close();
  });

  const json = { 'content-type': 'application/json' };

  it('lists each violation with its field, rule, side and request (a link into the journal), and who answered each operation', async () => {
    const signIn = await fetch(`${upstream.mockUrl}/api/v1/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        uniName: upstream.demo.university,
        email: upstream.demo.email,
        password: upstream.demo.password,
      }),
    });
    const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
    const auth = { authorization: `Bearer ${token}` };
    // --strict: the backend's drifting answer reaches the client as a 500 naming the drift.
    expect((await fetch(`${upstream.mockUrl}/api/v1/users/me/notes/${backend.userId}`, { headers: auth })).status).toBe(
      500,
    );
    // The backend answers 501 here: the engine answers instead.
    expect((await fetch(`${upstream.mockUrl}/api/v1/users/me/channels`, { headers: auth })).status).toBe(200);

    const context = await upstream.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const panel = await context.newPage();
    panel.setDefaultTimeout(20_000);
    await panel.goto(`${upstream.mockUrl}/__mock/ui/#Drift`);
    const violations = panel.getByRole('list', { name: 'Contract violations' });
    const row = violations.getByRole('listitem').filter({ hasText: 'listNotes' });
    await row.getByText('/data/0/date', { exact: true }).waitFor();
    await row.getByText('required', { exact: true }).waitFor();
    await row.getByText(/must have required property 'date'/).waitFor();
    await row.getByText(/Broken by the backend’s answer \(200\)/).waitFor();
    expect(await a11yViolations(panel)).toEqual([]);
    await screenshot(panel, 'mock-panel-drift');

    // The request that showed it, opened in the journal (on a phone's screen).
    await panel.setViewportSize({ width: 390, height: 844 });
    const link = row.getByRole('link', { name: /GET \/api\/v1\/users\/me\/notes\/.* in the journal/ });
    const seq = /#Journal\/(\d+)$/.exec((await link.getAttribute('href')) ?? '')?.[1];
    expect(seq).toBeDefined();
    await link.click();
    const opened = panel.getByRole('list', { name: 'Requests, newest first' }).locator('[aria-expanded="true"]');
    await expect.poll(() => opened.textContent()).toMatch(/500\s*GET\s*\/api\/v1\/users\/me\/notes\//);
    await panel.getByText(new RegExp(`^#${seq} · .* · listNotes · session`)).waitFor();
    await screenshot(panel, 'mock-panel-journal-from-drift');

    await panel.getByRole('button', { name: 'Upstream' }).click();
    const operations = panel.getByRole('list', { name: 'Operations by who answered' });
    const stateOf = (operationId: string) =>
      operations.getByRole('listitem').filter({ hasText: new RegExp(`^${operationId}`) });
    await stateOf('listNotes').getByText('Backend, drifted').waitFor();
    await stateOf('login').getByText('Backend', { exact: true }).waitFor();
    await stateOf('listMyChannels')
      .getByText(/the backend answered 501/)
      .waitFor();
    expect(await a11yViolations(panel)).toEqual([]);
    await screenshot(panel, 'mock-panel-upstream');
    await context.close();
  });
});

describe('the mock panel drives time and mail for the app', () => {
  it("advancing the clock a day from the panel lists the stories that expired, and they leave the app's Chats", async () => {
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      await context.addCookies([{ name: 'mock_session', value: 'clock-e2e', url: stack.appUrl }]);
      const app = await context.newPage();
      app.setDefaultTimeout(20_000);
      await app.goto(`${stack.appUrl}/login`);
      await signIn(app, stack, stack.demo);
      await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chats' }).click();
      const rings = app.getByRole('list', { name: 'Stories' }).getByRole('button', { name: /: \d+ stor(y|ies)/ });
      await rings.first().waitFor();

      const panel = await context.newPage();
      panel.setDefaultTimeout(20_000);
      await panel.goto(`${stack.mockUrl}/__mock/ui/#Clock`);
      await panel.getByText('In step with real time.', { exact: false }).waitFor();
      await panel.getByRole('button', { name: '+1 day' }).click();
      const expired = panel.getByRole('list', { name: 'Expired by the last advance (+1 day)' });
      await expired.getByText('session clock-e2e', { exact: false }).first().waitFor();
      expect(await expired.getByText(/^story sty_/).count()).toBeGreaterThan(0);
      await screenshot(panel, 'mock-panel-clock-expired');

      // The session outlived the day (it was not idle for two), so the app is still signed in to it.
      expect(await expired.getByText(/^idle session clock-e2e/).count()).toBe(0);
      await app.reload();
      await app.getByRole('list', { name: 'Stories' }).waitFor();
      await app.getByRole('list', { name: 'Chats' }).getByRole('link').first().waitFor();
      await expect.poll(() => rings.count()).toBe(0);
      await screenshot(app, 'mock-panel-clock-app-after');
    } finally {
      await context.close();
    }
  });

  it("follows a reset link from the panel's Outbox to the app's reset page and sets a new password", async () => {
    const email = `reset-panel-${Date.now()}@cohort.test`;
    const registered = await fetch(`${stack.mockUrl}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        university_name: stack.demo.university,
        email,
        password: 'first-pass-1',
        graduation_year: 2027,
      }),
    });
    expect(registered.status).toBe(201);
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const app = await context.newPage();
      app.setDefaultTimeout(20_000);
      await app.goto(`${stack.appUrl}/forgot-password`);
      await app.getByLabel('Email').fill(email);
      await app.getByRole('button', { name: 'Send the link' }).click();
      await app.getByRole('alert').or(app.getByRole('status')).first().waitFor();

      const panel = await context.newPage();
      panel.setDefaultTimeout(20_000);
      await panel.goto(`${stack.mockUrl}/__mock/ui/#Outbox`);
      const mail = panel
        .getByRole('list', { name: 'Mails, newest first' })
        .getByRole('listitem')
        .filter({ hasText: email });
      const link = mail.getByRole('link').first();
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      await screenshot(panel, 'mock-panel-outbox');
      // The link names the web app's configured origin; this run's app listens elsewhere, so its path is followed there.
      const target = new URL(href);
      await app.goto(`${stack.appUrl}${target.pathname}${target.search}`);
      await app.getByLabel('New password', { exact: true }).fill('second-pass-2');
      await app.getByLabel('Confirm new password').fill('second-pass-2');
      await app.getByRole('button', { name: 'Set the new password' }).click();
      await app.getByText('Your password is changed. Sign in with it.').waitFor();
      await signIn(app, stack, { email, password: 'second-pass-2' });
    } finally {
      await context.close();
    }
  });
});
