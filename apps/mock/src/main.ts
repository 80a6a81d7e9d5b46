import { mkdirSync, renameSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fetchSend } from '@cohort/openapi/recording';
import { createMockServer } from './adapters/server.ts';
import { createApp } from './app.ts';
import { contract } from './contract/contract.ts';
import { hashPassword } from './engine/password.ts';
import { MockClock } from './lib/clock.ts';
import { MediaFiles } from './media/files.ts';
import { isLoopback, parseOptions, USAGE, UsageError } from './options.ts';
import { lockStateFile, StateFileError } from './persistence/data-file.ts';
import { type OpenedState, openStateFile, removeStateFile } from './persistence/open.ts';
import { seedStateFile } from './persistence/seed-file.ts';
import { hubViews } from './realtime/announce.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { createBehaviour } from './scenarios/behaviour.ts';
import { loadScenario } from './scenarios/load.ts';
import { describeSeeded, seedRecords } from './scenarios/records.ts';
import { ScenarioError } from './scenarios/resolve.ts';
import { dataFileFor, seedScenario, seedsOtherwise } from './scenarios/shape.ts';
import { builtSeeds, seedKeyOf } from './seed/built.ts';
import { DEMO_ACCOUNT, SEEDED_PASSWORD, seedState } from './seed/index.ts';
import { PROFILE_COLLECTIONS } from './store/item-source.ts';
import { Store } from './store/store.ts';
import type { State } from './store/types.ts';
import { startChatter } from './tools/chatter.ts';

// Parses flags, seeds (or loads --data), listens, and closes on SIGINT/SIGTERM. Nothing else.
let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(error instanceof UsageError || error instanceof TypeError ? 2 : 1);
}
if (options === 'help') {
  console.log(USAGE);
  process.exit(0);
}

// --mock-ops and --upstream-ops name operations of the contract.
if (options.upstream) {
  const known = new Set(contract().operations.map((op) => op.operationId));
  const unknown = [...options.mockOps, ...options.upstreamOps].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    console.error(`--mock-ops/--upstream-ops: not operations of the contract: ${unknown.join(', ')}\n\n${USAGE}`);
    process.exit(2);
  }
}

// The scenario (--scenario): a preset or a file; a bad file stops the start, naming each bad key.
let scenario: ReturnType<typeof loadScenario>;
try {
  scenario = loadScenario(options.scenario);
} catch (error) {
  if (!(error instanceof ScenarioError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// A scenario that seeds otherwise keeps its own --data file beside the given one (dev.db → dev.empty.db).
const opts = { ...options, data: options.data && dataFileFor(options.data, scenario) };

// Seeded users share one password: hash it once per start (not per user), while the seed is built.
const seededPasswordHash = hashPassword(SEEDED_PASSWORD);
// --users wins over the scenario's seed.users; the scenario's users win over the default.
// The default seed is read from the one made at build time when there is one (seed/built.ts).
const seedOptions = { seed: opts.seed, ...(opts.usersGiven ? { users: opts.users } : {}) };
const seedKey = seedKeyOf(scenario, seedOptions);
const built = builtSeeds(import.meta.url);
const fresh = () => built.read(seedKey) ?? seedScenario(scenario, seedOptions);
let opened: OpenedState | undefined;
let releaseLock = () => {};
try {
  if (opts.data) {
    mkdirSync(dirname(opts.data), { recursive: true });
    releaseLock = lockStateFile(opts.data);
    if (opts.fresh) removeStateFile(opts.data);
    try {
      opened = openStateFile(opts.data, { items: false });
    } catch (error) {
      // The dev default: an unusable file (an older or damaged one) is moved aside, never half-read.
      if (!(error instanceof StateFileError) || !opts.reseedBadData) throw error;
      const aside = `${opts.data}.unusable-${Date.now()}`;
      renameSync(opts.data, aside);
      removeStateFile(opts.data);
      console.log(
        `${error.message.split(' (fix it')[0]?.replace(/\s+/g, ' ')}; moved it to ${aside} and started from the seed.`,
      );
      opened = openStateFile(opts.data, { items: false });
    }
  }
} catch (error) {
  // A file we cannot read is never overwritten: the user decides (fix it, move it, or use another).
  releaseLock();
  console.error(`Cannot load --data: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
let persistence = opened?.persistence;
/** Writes the commits still waiting for their turn (set once the store exists). */
let writePending = () => {};
process.once('exit', () => {
  try {
    writePending();
  } catch {
    // Never acknowledged: nobody was told they were kept.
  }
  persistence?.close();
  releaseLock();
});
if (opened?.notice) console.log(opened.notice);
const saved = opened?.state;

/**
 * With --data the profile items stay in the file (read per user): a new file is made from the
 * seed, written by a worker thread as the seed is made. Meanwhile this thread reads the contract
 * (which the app needs next).
 */
async function seedInto(file: string): Promise<State> {
  try {
    const made = await seedStateFile(
      file,
      (profileItems) => {
        if (!seedsOtherwise(scenario)) return seedState({ seed: opts.seed, users: opts.users, profileItems });
        // A scenario reshapes the seed in memory (empty, crowded); its profile items then go to the file too.
        const state = fresh();
        for (const collection of PROFILE_COLLECTIONS) {
          for (const item of state[`${collection}s`]) profileItems(collection, item);
          state[`${collection}s`] = [];
        }
        return state;
      },
      { whileWriting: contract },
    );
    persistence = made.persistence;
    return made.state;
  } catch (error) {
    releaseLock();
    console.error(`Cannot write --data: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
const dataFile = opts.data;
const clock = new MockClock();
const initial = saved ?? (dataFile ? await seedInto(dataFile) : fresh());
const store = new Store(initial, {
  now: clock.now,
  tokenTtlMs: opts.tokenTtlSeconds * 1000,
  // With --data the commits of one turn of the event loop are written together (`batchCommits`).
  ...(persistence ? { persistence, items: persistence.items, batchCommits: setImmediate } : {}),
});
writePending = () => store.writePending();

// Uploads live beside the data file; what a killed upload left there (no row points at it) goes now.
const mediaDir = dataFile ? `${dataFile}.media` : undefined;
if (mediaDir) new MediaFiles(mediaDir).sweep((id) => store.media.get(id) !== undefined);

const realtime = new RealtimeHub(store.events, {
  ...hubViews(store),
  streamsPerUser: opts.streamsPerUser,
  keepAliveMs: opts.keepAliveMs,
});
const stopChatter = opts.chatter ? startChatter({ store, realtime }) : () => {};
const app = createApp({
  store,
  options: {
    seededPasswordHash: await seededPasswordHash,
    resetState: fresh,
    ...(opts.quiet ? {} : { log: (line: string) => console.log(line) }),
    ...(opts.latency ? { latency: opts.latency } : {}),
    errorRate: opts.errorRate,
    behaviourFor: createBehaviour(scenario, opts.seed),
    corsOrigins: opts.corsOrigins,
    host: opts.host,
    allowedHosts: opts.allowedHosts,
    realtime,
    clock,
    ...(mediaDir ? { mediaDir } : {}),
    unusedUploadMs: opts.unusedUploadHours * 3_600_000,
    iceServers: opts.iceServers,
    journalSize: opts.journalSize,
    maxSessions: opts.maxSessions,
    sessionIdleMs: opts.sessionIdleMinutes * 60_000,
    ...(opts.sessionsPerAddress === undefined ? {} : { sessionsPerAddress: opts.sessionsPerAddress }),
    sessionRate: opts.sessionRate,
    ...(opts.usersGiven ? { scenarioUsers: opts.users } : {}),
    sessionMemoryBytes: opts.sessionMemoryMb * 1024 * 1024,
    ...(opts.trustProxy === undefined ? {} : { trustProxy: opts.trustProxy }),
    checkResponses: opts.checkResponses,
    ...(opts.upstream
      ? { upstream: { url: opts.upstream, mockOps: opts.mockOps, upstreamOps: opts.upstreamOps } }
      : {}),
    // No mail server: the link is printed (unless --quiet), and kept at GET /__mock/mail.
    ...(opts.quiet ? {} : { onMail: (mail) => console.log(`Mail to ${mail.to}: ${mail.subject}: ${mail.link}`) }),
    authLimits: {
      loginPerAddress: opts.loginLimit,
      registerPerAddress: opts.registerLimit,
      signInPerAddress: opts.signInLimit,
      directoryPerUser: opts.directoryLimit,
      writesPerUser: opts.writeLimit,
    },
    // Beyond loopback anyone on the network could read reset links or wipe the state: off unless asked for.
    allowMockTools: isLoopback(opts.host) || opts.allowRemoteMockTools,
  },
});

const server = createMockServer(app, {
  requestTimeoutMs: opts.requestTimeoutMs,
  headersTimeoutMs: opts.headersTimeoutMs,
}).listen(opts.port, opts.host, async () => {
  const { port } = server.address() as AddressInfo;
  // A scenario's recorded writes are replayed onto a fresh state through the server's own API, before it says it listens.
  if (scenario.records && !saved) await replayScenarioRecords(port);
  // The profile items held in memory, then the search index, readied between requests from now on
  // rather than before listening or by the first request that needs them.
  store.warm((step) => setImmediate(step));
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  console.log(`Cohort mock server listening on http://${host}:${port}`);
  console.log(`API docs: http://${host}:${port}/docs`);
  console.log(
    `Demo account: university "${DEMO_ACCOUNT.university}", e-mail ${DEMO_ACCOUNT.email}, password ${DEMO_ACCOUNT.password}`,
  );
  console.log(
    `${store.accounts.count} users, seed ${saved ? saved.seed : opts.seed}${dataFile ? `, state in ${resolve(dataFile)}${saved ? ' (loaded)' : ''}` : ''}`,
  );
  if (scenario.name !== 'default') console.log(`Scenario ${scenario.name}: ${scenario.description}`);
  if (dataFile && dataFile !== options.data) console.log(`Scenario ${scenario.name} keeps its own state: ${dataFile}`);
  if (dataFile) console.log('To start over: restart with --fresh, or POST /__mock/reset.');
  if (opts.checkResponses !== 'off') {
    console.log(
      `Drift alarm on: every JSON answer is checked against the contract (GET /__mock/violations)${opts.checkResponses === 'strict' ? '; a violation answers 500 (--strict)' : ''}.`,
    );
  }
  if (opts.upstream) {
    const lists = [
      opts.mockOps.length > 0 ? `the mock alone answers ${opts.mockOps.join(', ')}` : '',
      opts.upstreamOps.length > 0 ? `the backend alone answers ${opts.upstreamOps.join(', ')}` : '',
    ].filter(Boolean);
    console.log(
      `Upstream ${opts.upstream}: each API request goes there first; what it has not built (501, an undeclared or foreign 404) the mock answers${lists.length > 0 ? `; ${lists.join('; ')}` : ''}. Per operation, who answered and what drifted: GET /__mock/upstream.`,
    );
  }
  if (opts.chatter) console.log('Chatter on: seeded members post to open chats now and then (--chatter).');
});

/** Sends the scenario's recorded writes to this server (at its loopback address when it listens on every one). */
async function replayScenarioRecords(port: number): Promise<void> {
  const records = scenario.records;
  if (!records) return;
  const host =
    opts.host === '0.0.0.0'
      ? '127.0.0.1'
      : opts.host === '::'
        ? '[::1]'
        : opts.host.includes(':')
          ? `[${opts.host}]`
          : opts.host;
  const seeded = await seedRecords(records, fetchSend(`http://${host}:${port}`));
  for (const line of describeSeeded(scenario.name, seeded)) console.log(line);
}

server.on('error', (error) => {
  console.error(`Cannot listen on ${opts.host}:${opts.port}: ${error.message}`);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopChatter();
    realtime.close();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
