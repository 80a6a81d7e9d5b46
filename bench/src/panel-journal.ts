/**
 * Measure 15: the mock's control panel drawing a full journal. A fresh mock answers 1,000 requests,
 * then its panel (/__mock/ui, the built files the mock serves) in Chromium shows the Journal screen;
 * the time from the tab's click to the frame after the first rows are in the DOM is the render.
 */
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { runCommand } from './processes.ts';
import type { Row, Section } from './report.ts';
import { repoRoot, startMock } from './subjects.ts';

export const JOURNAL_ENTRIES = 1_000;
export const MAX_RENDER_MS = 200;
const ROUNDS = 7;

export function plannedPanelJournalRows(reason: string): Row[] {
  return panelJournalRows(null, reason);
}

interface RenderFigures {
  medianMs: number;
  worstMs: number;
  entries: number;
  rowsDrawn: number;
}

/** The median render against the target, with the entries held and the rows actually drawn beside it. */
export function panelJournalRows(figures: RenderFigures | null, reason = ''): Row[] {
  const subject = 'Mock panel, Journal screen (1280×800)';
  return [
    {
      subject,
      metric: `render of a ${JOURNAL_ENTRIES.toLocaleString('en-US')}-entry journal: median of ${ROUNDS}`,
      value: figures?.medianMs ?? null,
      unit: 'ms',
      target: { on: 'value', op: '<=', bound: MAX_RENDER_MS },
      note: figures ? `slowest ${figures.worstMs.toFixed(0)} ms` : reason,
    },
    {
      subject,
      metric: 'journal entries the panel holds',
      value: figures?.entries ?? null,
      unit: 'count',
      target: { on: 'value', op: '>=', bound: JOURNAL_ENTRIES },
      note: figures ? `${figures.rowsDrawn} of them drawn (a virtualised list)` : reason,
    },
  ];
}

/** The value in the middle of the sorted list (the lower of the two middles for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

export async function measurePanelJournal(): Promise<Section> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const section: Section = {
    title: '15. Mock control panel',
    method: `\`pnpm --filter @cohort/mock build:panel\`, then a fresh mock (journal of ${JOURNAL_ENTRIES.toLocaleString('en-US')}, the default) answers ${JOURNAL_ENTRIES.toLocaleString('en-US')} requests; its panel at /__mock/ui in ${chromePath} (headless, 1280×800) loads them, then the Journal tab is opened ${ROUNDS} times (from the Sessions tab each time): the time from the click to the animation frame after the first journal row is in the DOM.`,
    rows: [],
    notes: [],
  };
  if (!existsSync(chromePath)) {
    section.rows.push(...plannedPanelJournalRows(`not measured: no Chromium at ${chromePath} (set CHROMIUM_PATH)`));
    return section;
  }
  await runCommand('panel build', 'pnpm', ['--filter', '@cohort/mock', 'build:panel'], repoRoot);
  const mock = await startMock();
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
    for (let i = 0; i < JOURNAL_ENTRIES; i++) {
      const res = await fetch(`${mock.url}/api/v1/general/get-all-resource/?resource=Club&n=${i}`);
      await res.arrayBuffer();
    }
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(`${mock.url}/__mock/ui/#Journal`, { waitUntil: 'domcontentloaded' });
    const list = '[aria-label="Requests, newest first"]';
    await page.waitForSelector(`${list} li`, { timeout: 60_000 });
    // The panel replays the journal it holds; wait until all of it has arrived.
    // In-page code goes as strings: the bench runs under tsx, whose helpers (__name) the page lacks.
    const heldCount = `(() => {
      const held = /([\\d,]+) requests?/.exec(document.body.textContent ?? '')?.[1];
      return held ? Number(held.replaceAll(',', '')) : 0;
    })()`;
    await page.waitForFunction(`${heldCount} >= ${JOURNAL_ENTRIES}`, { timeout: 60_000 });
    const held = Number(await page.evaluate(heldCount));
    const clickTab = (name: string) =>
      `Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === '${name}')?.click()`;
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.evaluate(clickTab('Sessions'));
      await page.waitForFunction(`!document.querySelector('${list}')`);
      times.push(
        Number(
          await page.evaluate(`new Promise((resolve) => {
            const started = performance.now();
            ${clickTab('Journal')};
            const check = () => {
              if (document.querySelector('${list} li')) requestAnimationFrame(() => resolve(performance.now() - started));
              else requestAnimationFrame(check);
            };
            check();
          })`),
        ),
      );
    }
    const rowsDrawn = Number(await page.evaluate(`document.querySelectorAll('${list} li').length`));
    section.rows.push(
      ...panelJournalRows({ medianMs: median(times), worstMs: Math.max(...times), entries: held, rowsDrawn }),
    );
  } finally {
    await browser.close();
    await mock.stop();
  }
  return section;
}
