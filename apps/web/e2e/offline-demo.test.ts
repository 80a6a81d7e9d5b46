import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORT } from './harness.ts';
import { addNote } from './people.ts';
import { type StaticHost, serveStatic } from './static-server.ts';

// The static demo (`build:demo`): the mock engine runs in the tab behind MSW's service worker, served
// by a plain static file host (no mock process, no proxy). turbo builds dist-demo before `test:e2e`; the
// base-path build is made here.
const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = { university: 'Stanford University', email: 'demo@cohort.test', password: 'cohort-demo' };
const NOTE = 'Kept in the tab across a reload.';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Browser;

async function signIn(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}login`);
  await page.getByLabel('University Name').fill(DEMO.university);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

async function addNoteOnProfile(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}profile`);
  await addNote(page, { title: 'Offline', text: NOTE, date: '2026-11-26' });
}

/** Opens the first chat of the list; resolves with its URL. */
async function openFirstChat(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Chats' }).first().click();
  const first = page.getByRole('list', { name: 'Chats' }).getByRole('listitem').first();
  await first.getByRole('link').first().click();
  await page.getByRole('log', { name: 'Messages' }).waitFor();
  return page.url();
}

type StreamWindow = typeof window & { demoStream?: ReadableStreamDefaultReader<string> };

/** Opens the user stream in the page (through the service worker); resolves once the engine answered it. */
async function openStream(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token;
    const res = await fetch('/api/v1/users/me/stream', { headers: { authorization: `Bearer ${token}` } });
    (window as StreamWindow).demoStream = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  });
}

/** Reads the opened stream until a `message` event carries `text` (false if the stream ends first). */
function streamSees(page: Page, text: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    const reader = (window as StreamWindow).demoStream;
    let seen = '';
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      seen += chunk.value;
      if (/event: message/.test(seen) && seen.includes(wanted)) {
        await reader?.cancel();
        return true;
      }
    }
    return false;
  }, text);
}

/** The whole visit in one tab; resolves with the paths it asked of the host outside its base path. */
async function visitAndReload(host: StaticHost, base: string, shots: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const outside: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (!path.startsWith(base) && !/^\/(api|media)\//.test(path)) outside.push(path);
  });
  try {
    await signIn(page, host.url);
    // The tab's icon is served from under the base path too (no 404 in the console).
    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '');
    expect(new URL(icon).pathname).toBe(`${base}favicon.svg`);
    const iconAnswer = await page.request.get(icon);
    expect(iconAnswer.status()).toBe(200);
    expect(iconAnswer.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    await addNoteOnProfile(page, host.url);
    const chatUrl = await openFirstChat(page);
    const text = `Sent with no server ${Date.now()}`;
    await openStream(page);
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-own]').filter({ hasText: text }).waitFor();
    // The engine's user stream, read through the service worker, carries the message live.
    expect(await streamSees(page, text)).toBe(true);
    await screenshot(page, `${shots}-chat`);

    await page.reload();
    await page.locator('[data-own]').filter({ hasText: text }).waitFor();
    expect(page.url()).toBe(chatUrl);
    await page.goto(`${host.url}profile`);
    await page.getByText(NOTE).waitFor();
    await screenshot(page, `${shots}-profile-after-reload`);
    return outside;
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('the static demo, from a plain static host', () => {
  it('signs in with the demo account, keeps a note and a message across a reload, and streams live', async () => {
    const host = await serveStatic(join(webDir, 'dist-demo'));
    try {
      expect(await visitAndReload(host, '/', 'demo')).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it('works under a base path, deep links included (the 404.html fallback)', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'cohort-demo-'));
    try {
      await build({
        root: webDir,
        configFile: join(webDir, 'vite.config.ts'),
        mode: 'offline',
        base: '/cohort/',
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true },
      });
      const host = await serveStatic(outDir, '/cohort/');
      try {
        // Assets, the worker and every screen sit under the base path; nothing else is asked of the host.
        expect(await visitAndReload(host, '/cohort/', 'demo-base')).toEqual([]);
      } finally {
        await host.close();
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('says a service worker needs HTTPS or localhost when served over plain HTTP from another host', async () => {
    const host = await serveStatic(join(webDir, 'dist-demo'));
    // demo.test resolves to this machine but is not localhost: plain HTTP there is not a secure context.
    const insecure = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP demo.test 127.0.0.1'],
    });
    try {
      const page = await insecure.newPage({ viewport: VIEWPORT });
      await page.goto(host.url.replace('127.0.0.1', 'demo.test'));
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: 'The demo cannot start here' }).waitFor();
      expect(await alert.textContent()).toContain('service workers only on HTTPS or on localhost');
      await screenshot(page, 'demo-no-service-worker');
    } finally {
      await insecure.close();
      await host.close();
    }
  });
});

describe('the mock panel in the static demo', () => {
  it("opens at __mock/ui/ beside the app, shows the app tab's requests in its journal and moves its clock", async () => {
    const host = await serveStatic(join(webDir, 'dist-demo'));
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      const app = await context.newPage();
      await signIn(app, host.url);
      const panel = await context.newPage();
      await panel.goto(`${host.url}__mock/ui/#Journal`);
      // The engine runs in the app's tab: its sign-in is in the journal the panel reads from there.
      const requests = panel.getByRole('list', { name: 'Requests, newest first' });
      await requests.getByText('/api/v1/login').first().waitFor();
      await panel.getByText('● Journal live').waitFor();
      // A reload of the app's tab starts a new engine: the panel's journal reconnects to it, and a request the app makes arrives live.
      await app.goto(`${host.url}profile`);
      await app.getByRole('navigation', { name: 'Main' }).waitFor();
      await requests.getByText('/api/v1/users/me/notes/', { exact: false }).first().waitFor();
      await screenshot(panel, 'demo-panel-journal');

      await panel.getByRole('button', { name: 'Clock' }).click();
      await panel.getByText('In step with real time.', { exact: false }).waitFor();
      await panel.getByRole('button', { name: '+1 day' }).click();
      await panel.getByText('24.0 hours ahead of real time.', { exact: false }).waitFor();
      await panel.getByText('Expired by the last advance (+1 day)').waitFor();
      // The app's tab reads the same clock: its engine answers the panel.
      const offset = await app.evaluate(async () => {
        const res = await fetch('/__mock/clock');
        return ((await res.json()) as { data: { offset_ms: number } }).data.offset_ms;
      });
      expect(offset).toBe(86_400_000);
      await screenshot(panel, 'demo-panel-clock');
    } finally {
      await context.close();
      await host.close();
    }
  });

  it('says the app must be open when no tab runs the engine', async () => {
    const host = await serveStatic(join(webDir, 'dist-demo'));
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      const panel = await context.newPage();
      await panel.goto(`${host.url}__mock/ui/#Clock`);
      await panel.getByText('No tab runs the mock', { exact: false }).first().waitFor();
    } finally {
      await context.close();
      await host.close();
    }
  });
});
