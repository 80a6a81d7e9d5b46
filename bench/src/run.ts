/**
 * `pnpm bench`: every measurement in one run, side by side, then bench/RESULTS.md is rewritten.
 * BENCH_SECONDS / BENCH_WARMUP shorten the load runs for a quick local check (the committed
 * RESULTS.md uses the defaults); BENCH_ONLY=throughput,search,conformance,web,limits,streams,store,uploads,tools,feed,feedscroll,engine,upstream,panel runs a subset.
 */
import { rename, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { measureConformance, plannedConformanceRows } from './conformance.ts';
import { measureEngine, plannedEngineRows } from './engine.ts';
import { measureFeed, plannedFeedRows } from './feed.ts';
import { measureFeedScroll, plannedFeedScrollRows } from './feedscroll.ts';
import { measureLargestBodies } from './limits.ts';
import { describeMachine, describeRevision } from './machine.ts';
import { measureMockTools, plannedMockToolsRows } from './mock-tools.ts';
import { measurePanelJournal, plannedPanelJournalRows } from './panel-journal.ts';
import { killAllNow, stopAll } from './processes.ts';
import { type Row, renderResults, type Section } from './report.ts';
import { measureSearchAndStartup, plannedSearchRows } from './search.ts';
import { measureStore } from './store.ts';
import { defaultStoreSettings, plannedStoreRows } from './store-rows.ts';
import { measureStreams } from './streams.ts';
import { benchRoot } from './subjects.ts';
import { measureThroughput, plannedThroughputRows } from './throughput.ts';
import { measureUploads, plannedUploadRows } from './uploads.ts';
import { measureUpstream, plannedUpstreamRows } from './upstream.ts';
import { measureWeb, plannedWebRows } from './web.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (name: string) => !only || only.includes(name);
const sizes = [1_000, 10_000, 100_000];

function failed(title: string, method: string, rows: Row[]): Section {
  return { title, method, rows, notes: [] };
}

function reason(error: unknown): string {
  return `not measured: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
}

async function section(
  name: string,
  measure: () => Promise<Section | Section[]>,
  onError: (why: string) => Section[],
): Promise<Section[]> {
  if (!wanted(name)) return [];
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  console.log(`bench: ${name}…`);
  try {
    const result = await measure();
    const seconds = (performance.now() - started) / 1000;
    console.log(`bench: ${name} done in ${seconds.toFixed(0)} s`);
    const sections = Array.isArray(result) ? result : [result];
    sections[0]?.notes.push(
      `_This part took ${seconds.toFixed(0)} s; 1-minute load average ${loadBefore.toFixed(2)} before it, ${(loadavg()[0] ?? 0).toFixed(2)} after._`,
    );
    return sections;
  } catch (error) {
    console.error(`bench: ${name} failed: ${error instanceof Error ? error.stack : String(error)}`);
    await stopAll();
    return onError(reason(error));
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const date = new Date();
  const loadAtStart = loadavg()[0] ?? 0;
  const revision = describeRevision(benchRoot);
  const sections: Section[] = [];
  sections.push(
    ...(await section(
      'throughput',
      () => measureThroughput({ connections: 50, warmupSeconds, seconds, profileSeconds: 5 }),
      (why) => [
        failed(
          '1. Mock throughput and latency',
          'autocannon against the mock, a bare node:http server, a minimal Express 5 app and Prism.',
          plannedThroughputRows(why),
        ),
      ],
    )),
  );
  sections.push(
    ...(await section(
      'search',
      async () => {
        const { search, startup } = await measureSearchAndStartup({
          sizes,
          warmupQueries: 30,
          queries: 300,
          startupRepeats: 3,
        });
        return [search, startup];
      },
      (why) => [
        failed('2. Directory search', 'GET /api/v1/users/search at each user count.', plannedSearchRows(sizes, why)),
        failed('3. Start-up', 'Mock ready time.', [
          { subject: 'Cohort mock', metric: 'ready', value: null, unit: 's', note: why },
        ]),
      ],
    )),
  );
  sections.push(
    ...(await section('conformance', measureConformance, (why) => [
      failed(
        '4. Contract run',
        'The conformance run (--include all) against a fresh mock.',
        plannedConformanceRows(why),
      ),
    ])),
  );
  sections.push(
    ...(await section('web', measureWeb, (why) => [
      failed('5. Web', 'Route sizes and Lighthouse.', plannedWebRows(why)),
    ])),
  );

  sections.push(
    ...(await section('limits', measureLargestBodies, (why) => [
      failed('6. Largest allowed bodies', 'The largest body each operation allows.', [
        { subject: 'Cohort mock', metric: 'largest bodies', value: null, unit: 'ms', note: why },
      ]),
    ])),
  );
  sections.push(
    ...(await section(
      'streams',
      () => measureStreams(),
      (why) => [
        failed('7. Live streams under load', '1,000 streams across 100 users.', [
          { subject: 'Cohort mock', metric: 'message delivery', value: null, unit: 'ms', note: why },
        ]),
      ],
    )),
  );

  sections.push(
    ...(await section(
      'store',
      () =>
        measureStore({
          ...defaultStoreSettings,
          writeSeconds: seconds,
          closedSeconds: seconds,
          closedWarmupSeconds: warmupSeconds,
        }),
      (why) => [failed('8. Store at 100,000 users', 'The mock with --data at 100,000 users.', plannedStoreRows(why))],
    )),
  );

  sections.push(
    ...(await section(
      'uploads',
      () => measureUploads(),
      (why) => [
        failed(
          '9. Uploads',
          'A 10 MB upload to the mock and to bare node:http; memory during 20 at once.',
          plannedUploadRows(why),
        ),
      ],
    )),
  );

  sections.push(
    ...(await section(
      'tools',
      () => measureMockTools({ connections: 50, warmupSeconds, seconds }),
      (why) => [
        failed(
          '10. Mock testing tools',
          'GET notes with the journal off, on, and with --check-responses.',
          plannedMockToolsRows(why),
        ),
      ],
    )),
  );

  sections.push(
    ...(await section(
      'feed',
      () => measureFeed(),
      (why) => [failed('11. News feed', 'A feed page at 100,000 users.', plannedFeedRows(why))],
    )),
  );

  sections.push(
    ...(await section('feedscroll', measureFeedScroll, (why) => [
      failed('11. News Feed scroll', 'A 1,000-post scroll of /news-feed in Chromium.', plannedFeedScrollRows(why)),
    ])),
  );

  sections.push(
    ...(await section(
      'engine',
      () => measureEngine({ connections: 50, warmupSeconds, seconds }),
      (why) => [
        failed(
          '13. Mock engine in-process',
          'GET notes through engine.handle() in-process and through Express.',
          plannedEngineRows(why),
        ),
      ],
    )),
  );

  sections.push(
    ...(await section(
      'upstream',
      () => measureUpstream({ connections: 1, warmupSeconds, seconds, rounds: 5 }),
      (why) => [
        failed(
          '14. Mock in front of a backend',
          'A backend answering 10 ms late, directly and through the mock (--upstream).',
          plannedUpstreamRows(why),
        ),
      ],
    )),
  );

  sections.push(
    ...(await section('panel', measurePanelJournal, (why) => [
      failed(
        '15. Mock control panel',
        'The panel drawing a 1,000-entry journal in Chromium.',
        plannedPanelJournalRows(why),
      ),
    ])),
  );

  const markdown = renderResults({
    machine: describeMachine(),
    date,
    durationMs: performance.now() - started,
    load: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    ...(revision ? { revision } : {}),
    sections,
  });
  // A shortened or partial run must not pass for the real thing: it goes beside RESULTS.md, git-ignored.
  const file = only || process.env.BENCH_SECONDS || process.env.BENCH_WARMUP ? 'RESULTS.partial.md' : 'RESULTS.md';
  // Written beside and renamed, so an interrupted run never leaves a truncated file.
  await writeFile(`${benchRoot}${file}.tmp`, markdown);
  await rename(`${benchRoot}${file}.tmp`, `${benchRoot}${file}`);
  console.log(`bench: wrote ${benchRoot}${file}`);
}

// Every child server is stopped on the way out, whatever happened.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}
process.once('exit', killAllNow);

try {
  await main();
} finally {
  await stopAll();
}
