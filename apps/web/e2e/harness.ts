import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { type AppHost, serveApp } from './app-host.ts';
import { chromiumOptions } from './chromium.ts';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = join(here, '..');
const mockDir = join(webDir, '..', 'mock');
export const ARTIFACTS = join(here, 'artifacts');
export const VIEWPORT = { width: 390, height: 844 };

export interface Stack {
  mockUrl: string;
  appUrl: string;
  demo: { university: string; email: string; password: string };
  browser: Browser;
  stop: () => Promise<void>;
}

/** Starts the real mock (`--port 0`) and resolves with its URL and the demo account it prints. */
function startMock(args: string[]): Promise<{ child: ChildProcess; url: string; demo: Stack['demo'] }> {
  // `--strict`: an answer that drifts from the contract is a 500 naming the drift, so the app's own
  // walks through every screen also check the mock against the contract. The bundle is built once per run.
  const child = spawn(process.execPath, [inject('mockMain'), '--port', '0', '--quiet', '--strict', ...args], {
    cwd: mockDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`mock did not start in 60 s:\n${out}`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const demo = /Demo account: university "([^"]+)", e-mail (\S+), password (\S+)/.exec(out);
      if (url && demo?.[1] && demo[2] && demo[3]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve({ child, url, demo: { university: demo[1], email: demo[2].replace(/,$/, ''), password: demo[3] } });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => fail(new Error(`mock exited (${code}) before listening:\n${out}`)));
  });
}

/**
 * The mock, the built app served as `vite preview` would (app-host.ts: /api to this mock), and
 * headless Chromium: the run's shared one (contexts of this file's own; they close with `stop`),
 * or one of the file's own when it needs `browserArgs`.
 */
export async function startStack(mockArgs: string[] = [], browserArgs: string[] = []): Promise<Stack> {
  mkdirSync(ARTIFACTS, { recursive: true });
  // The mock starts while the browser does (or is connected to).
  const [mocked, opened] = await Promise.allSettled([
    startMock(mockArgs),
    browserArgs.length > 0
      ? chromium.launch(chromiumOptions(browserArgs))
      : chromium.connect(inject('browserEndpoint')),
  ]);
  if (mocked.status === 'rejected' || opened.status === 'rejected') {
    if (mocked.status === 'fulfilled') mocked.value.child.kill('SIGTERM');
    if (opened.status === 'fulfilled') await opened.value.close();
    throw mocked.status === 'rejected' ? mocked.reason : (opened as PromiseRejectedResult).reason;
  }
  const mock = mocked.value;
  const browser = opened.value;
  let host: AppHost;
  try {
    host = await serveApp(join(webDir, 'dist'), mock.url);
  } catch (error) {
    await browser.close();
    mock.child.kill('SIGTERM');
    throw error;
  }
  return {
    mockUrl: mock.url,
    appUrl: host.url,
    demo: mock.demo,
    browser,
    stop: async () => {
      // Every drift the run met, named (a test may have passed over the 500 it caused).
      const drift = await fetch(`${mock.url}/__mock/violations`)
        .then((res) => res.json() as Promise<unknown[]>)
        .catch(() => []);
      // The shared browser is only disconnected from, its contexts of this file closed with it.
      await browser.close().catch(() => {});
      await host.close().catch(() => {});
      if (mock.child.exitCode === null) {
        const exited = new Promise((r) => mock.child.once('exit', r));
        mock.child.kill('SIGTERM');
        await exited;
      }
      if (drift.length > 0) throw new Error(`The mock's answers drifted from the contract: ${JSON.stringify(drift)}`);
    },
  };
}

/**
 * Waits until every finite animation and transition on the page has ended (sheets fade and
 * slide in; spinners loop forever and are skipped).
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; returns the serious and critical violations (the ones that fail a test). */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  return (await a11yViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Runs axe-core in the page; returns every violation, whatever its impact. */
export async function a11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axePath });
  // Contrast measured mid-fade is the fade's, not the design's.
  await animationsSettled(page);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (ctx?: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations;
}

/** A profile tab's screenshot: the page scrolled so the tabs sit under the sticky header. */
export async function screenshotTab(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    const tabs = document.querySelector('[role="tablist"]');
    if (tabs) window.scrollTo(0, tabs.getBoundingClientRect().top + window.scrollY - 56);
  });
  await screenshot(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
}
