/** Measure 5: the web app's gzip size per route, and Lighthouse (mobile preset) against the mock. */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort } from './machine.ts';
import { type ChildServer, runCommand, startServer } from './processes.ts';
import { type Row, ratioOf, type Section } from './report.ts';
import { installedVersion, repoRoot, type Session, signIn, startMock } from './subjects.ts';

const webRoot = `${repoRoot}apps/web`;
const distRoot = `${webRoot}/dist`;
const LOGIN_JS_BUDGET_KB = 150;
/** Lighthouse scores move run to run: each route is audited this many times and the median reported. */
const LIGHTHOUSE_RUNS = 5;
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface RouteFigures {
  jsKB: number | null;
  cssKB: number | null;
  files: number;
  score: number | null;
  lcpMs: number | null;
  /** What Lighthouse saw as the largest paint, so a reader can tell the real screen from a spinner. */
  lcpElement: string | null;
  finalUrl: string;
  /** Every run's score, when the figures are a median of several. */
  runs?: (number | null)[];
}

export function plannedWebRows(reason: string): Row[] {
  return ['/login', '/profile'].flatMap((route) => routeRows(route, null, reason));
}

function routeRows(route: string, figures: RouteFigures | null, reason?: string): Row[] {
  const note = reason ?? '';
  return [
    {
      subject: route,
      metric: 'JavaScript loaded (gzip)',
      value: figures?.jsKB ?? null,
      unit: 'KB',
      ratio: { value: ratioOf(figures?.jsKB, LOGIN_JS_BUDGET_KB), of: `the ${LOGIN_JS_BUDGET_KB} KB /login budget` },
      ...(route === '/login' ? { target: { on: 'value', op: '<=', bound: LOGIN_JS_BUDGET_KB } as const } : {}),
      note: figures ? `${figures.files} files` : note,
    },
    {
      subject: route,
      metric: 'CSS loaded (gzip)',
      value: figures?.cssKB ?? null,
      unit: 'KB',
      ratio: { value: ratioOf(figures?.cssKB, figures?.jsKB), of: "the route's JavaScript" },
      note,
    },
    {
      subject: route,
      metric: 'Lighthouse performance (mobile)',
      value: figures?.score ?? null,
      unit: 'score',
      ratio: { value: ratioOf(figures?.score, 100), of: 'a perfect 100' },
      note: figures?.runs ? `median of ${figures.runs.length} runs: ${figures.runs.join(', ')}` : note,
    },
    {
      subject: route,
      metric: 'Largest Contentful Paint (mobile, simulated)',
      value: figures?.lcpMs ?? null,
      unit: 'ms',
      // Core Web Vitals call an LCP up to 2.5 s good.
      ratio: { value: ratioOf(figures?.lcpMs, 2500), of: 'the 2.5 s "good" LCP' },
      note: figures?.lcpElement ? `LCP element: ${figures.lcpElement}` : note,
    },
  ];
}

/** `pnpm --filter @cohort/web build`, as a developer runs it. */
function buildWeb(): Promise<number> {
  return runCommand('web build', 'pnpm', ['--filter', '@cohort/web', 'build'], repoRoot);
}

function startPreview(port: number, mockUrl: string): Promise<ChildServer> {
  return startServer({
    name: 'vite preview',
    command: `${webRoot}/node_modules/.bin/vite`,
    args: ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    cwd: webRoot,
    env: { MOCK_URL: mockUrl },
    url: `http://127.0.0.1:${port}`,
    timeoutMs: 60_000,
  });
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

/** gzip (zlib's default level, as Vite's own report) of each same-origin script and stylesheet the page loaded. */
async function loadedSizes(
  origin: string,
  items: NetworkItem[],
): Promise<Pick<RouteFigures, 'jsKB' | 'cssKB' | 'files'>> {
  let js = 0;
  let css = 0;
  let files = 0;
  for (const item of items) {
    if (!item.url.startsWith(origin) || (item.resourceType !== 'Script' && item.resourceType !== 'Stylesheet'))
      continue;
    const path = `${distRoot}${new URL(item.url).pathname}`;
    if (!existsSync(path)) continue;
    const size = gzipSync(await readFile(path)).length / 1024;
    if (item.resourceType === 'Script') js += size;
    else css += size;
    files++;
  }
  return { jsKB: js, cssKB: css, files };
}

/** The LCP element's label from Lighthouse's details (a list of tables; the first node found wins). */
export function lcpElementOf(details: unknown): string | null {
  const label = findNodeLabel(details);
  if (!label) return null;
  const text = label.replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function findNodeLabel(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findNodeLabel(item);
      if (found) return found;
    }
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.nodeLabel === 'string') return record.nodeLabel;
  return findNodeLabel(record.items ?? record.node ?? null);
}

async function audit(route: string, origin: string, port: number, session: Session | null): Promise<RouteFigures> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    if (session) {
      // /profile needs a signed-in session: the app reads it from localStorage `userInfo`.
      await page.goto(`${origin}/login`, { waitUntil: 'domcontentloaded' });
      await page.evaluate(
        (value) => localStorage.setItem('userInfo', value),
        JSON.stringify({ token: session.token, id: session.userId }),
      );
    }
    const result = await lighthouse(
      `${origin}${route}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: session !== null,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const { lhr } = result;
    // BENCH_LIGHTHOUSE_DIR keeps each report, to read its diagnostics.
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) {
      await mkdir(keep, { recursive: true });
      await writeFile(`${keep}/${route.slice(1)}-${Date.now()}.json`, JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
    const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
    return {
      ...(await loadedSizes(origin, details?.items ?? [])),
      score: typeof score === 'number' ? score * 100 : null,
      lcpMs: lcp ?? null,
      lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await browser.disconnect();
  }
}

/** The run with the median score, its LCP replaced by the median LCP (sizes are the same in every run). */
export function medianRun(runs: RouteFigures[]): RouteFigures {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? null;
  const byScore = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
  const middle = byScore[Math.floor(byScore.length / 2)] as RouteFigures;
  const lcps = runs.map((r) => r.lcpMs).filter((v): v is number => v !== null);
  return { ...middle, lcpMs: median(lcps), runs: runs.map((r) => r.score) };
}

export async function measureWeb(): Promise<Section> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const section: Section = {
    title: '5. Web',
    method: `\`pnpm --filter @cohort/web build\`, then \`vite preview\` proxying /api to a fresh mock. Lighthouse ${installedVersion('lighthouse')} (default mobile preset: simulated slow 4G and 4× CPU slowdown) in ${chromePath} (headless), ${LIGHTHOUSE_RUNS} runs per route: the score and LCP are the medians. Sizes: gzip of every same-origin script and stylesheet Lighthouse saw the route load, read from apps/web/dist. /profile is audited signed in (token in localStorage \`userInfo\`).`,
    rows: [],
    notes: [],
  };
  if (!existsSync(`${webRoot}/index.html`) || !existsSync(`${webRoot}/src/main.tsx`)) {
    section.rows.push(...plannedWebRows('not measured: apps/web has no app entry yet'));
    return section;
  }
  try {
    const buildMs = await buildWeb();
    section.notes.push(`Production build took ${(buildMs / 1000).toFixed(1)} s.`);
  } catch (error) {
    section.rows.push(...plannedWebRows(`not measured: ${(error as Error).message}`));
    return section;
  }
  if (!existsSync(chromePath)) {
    section.rows.push(...plannedWebRows(`not measured: no Chromium at ${chromePath} (set CHROMIUM_PATH)`));
    return section;
  }
  const mock = await startMock();
  let preview: ChildServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const session = await signIn(mock);
    preview = await startPreview(await freePort(), mock.url);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
    for (const [route, signedIn] of [
      ['/login', null],
      ['/profile', session],
    ] as const) {
      try {
        const runs: RouteFigures[] = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await audit(route, preview.url, chrome.port, signedIn));
        const figures = medianRun(runs);
        if (!figures.finalUrl.endsWith(route))
          section.notes.push(`${route} ended on ${figures.finalUrl}, not on ${route}.`);
        section.rows.push(...routeRows(route, figures));
      } catch (error) {
        section.rows.push(...routeRows(route, null, `not measured: ${(error as Error).message.split('\n')[0]}`));
      }
    }
  } finally {
    chrome?.kill();
    await preview?.stop();
    await mock.stop();
  }
  return section;
}
