/**
 * The News Feed's DOM while scrolling 1,000 posts: the built app in Chromium (390×844) against a
 * fresh mock whose demo account gets 1,000 posts of its own; the page is scrolled to the end of the
 * feed while the post nodes in the DOM are counted after every step.
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import puppeteer from 'puppeteer-core';
import { freePort } from './machine.ts';
import { type ChildServer, runCommand, startServer } from './processes.ts';
import { type Row, ratioOf, type Section } from './report.ts';
import { repoRoot, signIn, startMock } from './subjects.ts';

const webRoot = `${repoRoot}apps/web`;
export const FEED_POSTS = 1_000;
export const MAX_POST_NODES = 60;
const STEP_PX = 1_500;
const MAX_SECONDS = 240;

export function plannedFeedScrollRows(reason: string): Row[] {
  return feedScrollRows(null, reason);
}

interface ScrollFigures {
  maxNodes: number;
  postsSeen: number;
  steps: number;
  seconds: number;
}

/** Post nodes kept while scrolling, in order: the most seen at once, then how many posts went by. */
export function feedScrollRows(figures: ScrollFigures | null, reason = ''): Row[] {
  return [
    {
      subject: 'News Feed (390×844)',
      metric: 'post nodes in the DOM (most at once)',
      value: figures?.maxNodes ?? null,
      unit: 'count',
      ratio: { value: ratioOf(figures?.maxNodes, figures?.postsSeen), of: 'the posts scrolled through' },
      target: { on: 'value', op: '<', bound: MAX_POST_NODES },
      note: figures ? `${figures.steps} scroll steps of ${STEP_PX} px` : reason,
    },
    {
      subject: 'News Feed (390×844)',
      metric: 'posts scrolled through',
      value: figures?.postsSeen ?? null,
      unit: 'count',
      target: { on: 'value', op: '>=', bound: FEED_POSTS },
      note: figures ? `${figures.seconds.toFixed(1)} s to the end of the feed` : reason,
    },
  ];
}

/** As the demo user, enough posts of its own that its feed holds at least FEED_POSTS. */
async function writePosts(mockUrl: string, token: string): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  for (let i = 0; i < FEED_POSTS; i++) {
    const res = await fetch(`${mockUrl}/api/v1/posts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        text: `Bench post ${i + 1}: ${'a line of text to give the card some height. '.repeat(1 + (i % 4))}`,
      }),
    });
    if (res.status !== 201) throw new Error(`createPost answered ${res.status}: ${await res.text()}`);
  }
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

export async function measureFeedScroll(): Promise<Section> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const section: Section = {
    title: '12. News Feed scroll',
    method: `\`pnpm --filter @cohort/web build\`, \`vite preview\` proxying /api to a fresh mock (\`--write-limit 100000\`) whose demo account first writes ${FEED_POSTS} posts; /news-feed in ${chromePath} (headless, 390×844) is scrolled ${STEP_PX} px at a time to the end of the feed (older pages load on the way), counting \`article[data-post]\` nodes after each step.`,
    rows: [],
    notes: [],
  };
  if (!existsSync(chromePath)) {
    section.rows.push(...plannedFeedScrollRows(`not measured: no Chromium at ${chromePath} (set CHROMIUM_PATH)`));
    return section;
  }
  await runCommand('web build', 'pnpm', ['--filter', '@cohort/web', 'build'], repoRoot);
  const mock = await startMock({ args: ['--write-limit', '100000'] });
  let preview: ChildServer | undefined;
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    headless: true,
  });
  try {
    const session = await signIn(mock);
    await writePosts(mock.url, session.token);
    preview = await startPreview(await freePort(), mock.url);
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(`${preview.url}/login`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(
      (value) => localStorage.setItem('userInfo', value),
      JSON.stringify({ token: session.token, id: session.userId }),
    );
    await page.goto(`${preview.url}/news-feed`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('article[data-post]', { timeout: 30_000 });
    const started = performance.now();
    let maxNodes = 0;
    let steps = 0;
    for (;;) {
      const state = await page.evaluate((step) => {
        const w = window as unknown as { __seen?: Set<string> };
        w.__seen ??= new Set();
        const nodes = document.querySelectorAll('article[data-post]');
        for (const node of Array.from(nodes)) w.__seen.add(node.getAttribute('data-post') ?? '');
        window.scrollBy(0, step);
        return {
          nodes: nodes.length,
          seen: w.__seen.size,
          done: (document.body.textContent ?? '').includes('You are all caught up.'),
        };
      }, STEP_PX);
      maxNodes = Math.max(maxNodes, state.nodes);
      steps++;
      if (state.done && state.seen >= FEED_POSTS) break;
      if ((performance.now() - started) / 1000 > MAX_SECONDS) {
        section.notes.push(`Stopped after ${MAX_SECONDS} s with ${state.seen} posts seen.`);
        break;
      }
      // Let the virtual list measure and an older page arrive.
      await new Promise((r) => setTimeout(r, 60));
    }
    const postsSeen = await page.evaluate(() => (window as unknown as { __seen: Set<string> }).__seen.size);
    section.rows.push(...feedScrollRows({ maxNodes, postsSeen, steps, seconds: (performance.now() - started) / 1000 }));
  } finally {
    await browser.close();
    await preview?.stop();
    await mock.stop();
  }
  return section;
}
