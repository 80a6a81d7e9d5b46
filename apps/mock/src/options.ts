import { parseArgs } from 'node:util';
import { DEFAULT_CORS_ORIGINS } from './app.ts';
import type { Latency } from './middleware/dev.ts';
import { DEFAULT_SEED, DEFAULT_USERS, MAX_USERS } from './seed/index.ts';

export interface CliOptions {
  port: number;
  host: string;
  seed: number;
  users: number;
  /** Whether `--users` (or MOCK_USERS) was given: it then wins over the scenario's `seed.users`. */
  usersGiven: boolean;
  /** `--scenario`: a preset's name or a scenario file (YAML or JSON). */
  scenario: string;
  latency: Latency | undefined;
  errorRate: number;
  data: string | undefined;
  corsOrigins: string[] | '*';
  /** `Host` names allowed besides loopback, `--host` and the CORS origins' hosts, or every name. */
  allowedHosts: string[] | 'all';
  quiet: boolean;
  /** Seeded members post now and then (#7); on in `pnpm dev`, off by default and in tests. */
  chatter: boolean;
  /** With `--data`: start from the seed, replacing what the file held. */
  fresh: boolean;
  /** With `--data`: a file that cannot be used is moved aside and the mock starts from the seed (dev). */
  reseedBadData: boolean;
  /** Seconds a token lives after its last use. */
  tokenTtlSeconds: number;
  /** Failed sign-ins per minute per address. */
  loginLimit: number;
  /** Registrations per 10 minutes per address. */
  registerLimit: number;
  /** Successful sign-ins per 10 minutes per address. */
  signInLimit: number;
  /** Milliseconds to receive a whole request. */
  requestTimeoutMs: number;
  /** Milliseconds to receive a request's headers (never more than the request timeout). */
  headersTimeoutMs: number;
  /** Every `/__mock` endpoint (reads included) when `--host` is not loopback (`--allow-remote-mock-tools`, alias `--allow-reset`). */
  allowRemoteMockTools: boolean;
  /** Open event streams per user and per token. */
  streamsPerUser: number;
  /** Milliseconds between keep-alive comments on an idle event stream. */
  keepAliveMs: number;
  /** ICE servers for calls (`getCallConfig`), as RTCPeerConnection takes them. */
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  /** Directory reads (search, profiles) per minute per user. */
  directoryLimit: number;
  /** Spam-prone writes per minute per user and operation. */
  writeLimit: number;
  /** Requests the journal keeps (`GET /__mock/requests`); 0 turns it off. */
  journalSize: number;
  maxSessions: number;
  sessionIdleMinutes: number;
  /** Sessions one address may hold (default: `maxSessions`; a full server also takes back from an address over its fair share). */
  sessionsPerAddress: number | undefined;
  /** New sessions per minute per address. */
  sessionRate: number;
  /** Megabytes of heap sessions may take together, the seeds they share included. */
  sessionMemoryMb: number;
  /** Express's `trust proxy`: hops (a number) or trusted addresses/subnets; unset: `X-Forwarded-For` is ignored. */
  trustProxy: number | string | undefined;
  /** The drift alarm: every JSON answer checked against the contract (`--check-responses`, `--strict`). */
  checkResponses: 'off' | 'log' | 'strict';
  /** Hours (mock clock) an upload may go unused (no profile, message points at it) before it is removed. */
  unusedUploadHours: number;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: tsx src/main.ts [options]
  --port <n>            port (default 4010; 0 picks a free one)       env MOCK_PORT
  --host <addr>         address to listen on (default 127.0.0.1)      env MOCK_HOST
  --seed <n>            seed for the generated data                   env MOCK_SEED
  --users <n>           seeded users, 1..${MAX_USERS} (default ${DEFAULT_USERS})        env MOCK_USERS
  --scenario <name|file>  a preset (default, empty, crowded, flaky, offline-stream) or a YAML/JSON scenario file  env MOCK_SCENARIO
  --latency <ms|a-b>    delay every API answer                        env MOCK_LATENCY
  --error-rate <0..1>   answer this share of API calls with 503       env MOCK_ERROR_RATE
  --data <file>         keep state in this file across restarts      env MOCK_DATA
  --cors-origin <list>  comma-separated origins or * (default the Vite dev server)  env MOCK_CORS_ORIGIN
  --allowed-hosts <list>  comma-separated names the mock may be reached by besides loopback, --host and the --cors-origin hosts (.example.com: and its subdomains), or all (default none)  env MOCK_ALLOWED_HOSTS
  --quiet               no request log
  --chatter             seeded members post to open chats now and then env MOCK_CHATTER=1
  --fresh               with --data: start from the seed, replacing the file's state  env MOCK_FRESH=1
  --reseed-bad-data     with --data: move an unusable file aside and start from the seed instead of refusing
  --token-ttl <s>       seconds a token lives after its last use (default 2592000, 30 days)  env MOCK_TOKEN_TTL
  --login-limit <n>     failed sign-ins per minute per address (default 100)  env MOCK_LOGIN_LIMIT
  --register-limit <n>  registrations per 10 minutes per address (default 100)  env MOCK_REGISTER_LIMIT
  --sign-in-limit <n>   successful sign-ins per 10 minutes per address (default 200)  env MOCK_SIGN_IN_LIMIT
  --request-timeout <ms> time to receive a whole request (default 30000)  env MOCK_REQUEST_TIMEOUT
  --headers-timeout <ms> time to receive the request headers (default 10000)  env MOCK_HEADERS_TIMEOUT
  --streams-per-user <n> open event streams per user and per token (default 10)  env MOCK_STREAMS_PER_USER
  --keep-alive <ms>     keep-alive comment interval on idle event streams (default 15000)  env MOCK_KEEP_ALIVE
  --unused-upload-hours <h>  remove uploads nothing uses after this long (default 24)  env MOCK_UNUSED_UPLOAD_HOURS
  --directory-limit <n> directory reads (search, profiles) per minute per user (default 300)  env MOCK_DIRECTORY_LIMIT
  --write-limit <n>     messages, invitations, new groups… per minute per user and operation (default 60)  env MOCK_WRITE_LIMIT
  --ice-servers <json>  ICE servers for calls, e.g. '[{"urls":"turn:turn.example.org","username":"u","credential":"p"}]' (default none)  env MOCK_ICE_SERVERS
  --journal-size <n>    requests GET /__mock/requests keeps (default 1000; 0 turns the journal off)  env MOCK_JOURNAL_SIZE
  --max-sessions <n>    sessions (X-Mock-Session) kept at once, then 503 (default 100)  env MOCK_MAX_SESSIONS
  --session-idle-minutes <m>  a session unused this long (mock clock) is dropped (default 30)  env MOCK_SESSION_IDLE_MINUTES
  --sessions-per-address <n>  sessions one address may hold, then its least recently used goes (default --max-sessions; a full server takes back from an address over its fair share)  env MOCK_SESSIONS_PER_ADDRESS
  --session-rate <n>    new sessions per minute per address, then 429 (default 120)  env MOCK_SESSION_RATE
  --session-memory-mb <n>  heap sessions may take together, seeds included; past it a new one is a 503 (default 2048)  env MOCK_SESSION_MEMORY_MB
  --trust-proxy <hops|addresses>  behind a proxy you trust: count per-address limits by X-Forwarded-For (Express's trust proxy: 1, or loopback,10.0.0.0/8) (default off)  env MOCK_TRUST_PROXY
  --check-responses     check every JSON answer against the contract, list drift at /__mock/violations  env MOCK_CHECK_RESPONSES=1
  --strict              with the check: answer a drifting response as a 500 naming what drifted (for CI)  env MOCK_STRICT=1
  --allow-remote-mock-tools  allow every /__mock endpoint (reads too: mail, journal, sessions, clock) when --host is not loopback; alias --allow-reset
  --help`;

function integer(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function numberOr(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  return raw === undefined ? fallback : integer(name, raw, min, max);
}

/** Loopback addresses, where only this machine can reach the `/__mock` endpoints. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function parseLatency(raw: string): Latency {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(raw);
  if (!m) throw new UsageError(`--latency must be <ms> or <min>-<max>, got "${raw}"`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (max < min) throw new UsageError(`--latency: ${max} is less than ${min}`);
  return { min, max };
}

/** Flags win over environment variables, which win over defaults. */
/** An on/off environment variable: 1/true/on or 0/false/off (or unset: off). */
function switchEnv(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (value !== undefined && value !== '' && !['1', 'true', 'on', '0', 'false', 'off'].includes(value)) {
    throw new UsageError(`${name} must be 1/true/on or 0/false/off, got "${env[name]}"`);
  }
  return ['1', 'true', 'on'].includes(value ?? '');
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions | 'help' {
  const { values } = parseArgs({
    // `pnpm --filter @cohort/mock start -- --port 0` hands the script its `--` too.
    args: argv[0] === '--' ? argv.slice(1) : argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      users: { type: 'string' },
      scenario: { type: 'string' },
      latency: { type: 'string' },
      'error-rate': { type: 'string' },
      data: { type: 'string' },
      'cors-origin': { type: 'string' },
      'allowed-hosts': { type: 'string' },
      quiet: { type: 'boolean' },
      chatter: { type: 'boolean' },
      fresh: { type: 'boolean' },
      'reseed-bad-data': { type: 'boolean' },
      'token-ttl': { type: 'string' },
      'login-limit': { type: 'string' },
      'register-limit': { type: 'string' },
      'sign-in-limit': { type: 'string' },
      'request-timeout': { type: 'string' },
      'headers-timeout': { type: 'string' },
      'allow-remote-mock-tools': { type: 'boolean' },
      'allow-reset': { type: 'boolean' },
      'streams-per-user': { type: 'string' },
      'keep-alive': { type: 'string' },
      'unused-upload-hours': { type: 'string' },
      'directory-limit': { type: 'string' },
      'ice-servers': { type: 'string' },
      'write-limit': { type: 'string' },
      'journal-size': { type: 'string' },
      'max-sessions': { type: 'string' },
      'session-idle-minutes': { type: 'string' },
      'sessions-per-address': { type: 'string' },
      'session-rate': { type: 'string' },
      'session-memory-mb': { type: 'string' },
      'trust-proxy': { type: 'string' },
      'check-responses': { type: 'boolean' },
      strict: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const pick = (flag: string | undefined, name: string) => flag ?? env[name] ?? undefined;
  const port = pick(values.port, 'MOCK_PORT');
  const seed = pick(values.seed, 'MOCK_SEED');
  const users = pick(values.users, 'MOCK_USERS');
  const lat = pick(values.latency, 'MOCK_LATENCY');
  const rate = pick(values['error-rate'], 'MOCK_ERROR_RATE');
  const origins = pick(values['cors-origin'], 'MOCK_CORS_ORIGIN');
  const chatterEnv = switchEnv(env, 'MOCK_CHATTER');
  const freshEnv = switchEnv(env, 'MOCK_FRESH');
  const strict = values.strict ?? switchEnv(env, 'MOCK_STRICT');
  const check = values['check-responses'] ?? switchEnv(env, 'MOCK_CHECK_RESPONSES');
  let errorRate = 0;
  if (rate !== undefined) {
    errorRate = Number(rate);
    if (rate.trim() === '' || !Number.isFinite(errorRate) || errorRate < 0 || errorRate > 1) {
      throw new UsageError(`--error-rate must be a number from 0 to 1, got "${rate}"`);
    }
  }
  return {
    port: port === undefined ? 4010 : integer('port', port, 0, 65535),
    host: pick(values.host, 'MOCK_HOST') ?? '127.0.0.1',
    seed: seed === undefined ? DEFAULT_SEED : integer('seed', seed, 0, 2 ** 32 - 1),
    users: users === undefined ? DEFAULT_USERS : integer('users', users, 1, MAX_USERS),
    usersGiven: users !== undefined,
    scenario: pick(values.scenario, 'MOCK_SCENARIO')?.trim() || 'default',
    latency: lat === undefined ? undefined : parseLatency(lat),
    errorRate,
    data: pick(values.data, 'MOCK_DATA') || undefined,
    corsOrigins:
      origins === undefined
        ? DEFAULT_CORS_ORIGINS
        : origins.trim() === '*'
          ? '*'
          : origins
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean),
    allowedHosts: allowedHosts(pick(values['allowed-hosts'], 'MOCK_ALLOWED_HOSTS')),
    quiet: values.quiet ?? false,
    chatter: values.chatter ?? chatterEnv,
    fresh: values.fresh ?? freshEnv,
    reseedBadData: values['reseed-bad-data'] ?? false,
    tokenTtlSeconds: numberOr(
      'token-ttl',
      pick(values['token-ttl'], 'MOCK_TOKEN_TTL'),
      2_592_000,
      1,
      10 * 365 * 86_400,
    ),
    loginLimit: numberOr('login-limit', pick(values['login-limit'], 'MOCK_LOGIN_LIMIT'), 100, 1, 1_000_000),
    registerLimit: numberOr('register-limit', pick(values['register-limit'], 'MOCK_REGISTER_LIMIT'), 100, 1, 1_000_000),
    signInLimit: numberOr('sign-in-limit', pick(values['sign-in-limit'], 'MOCK_SIGN_IN_LIMIT'), 200, 1, 1_000_000),
    requestTimeoutMs: numberOr(
      'request-timeout',
      pick(values['request-timeout'], 'MOCK_REQUEST_TIMEOUT'),
      30_000,
      100,
      3_600_000,
    ),
    headersTimeoutMs: numberOr(
      'headers-timeout',
      pick(values['headers-timeout'], 'MOCK_HEADERS_TIMEOUT'),
      10_000,
      100,
      3_600_000,
    ),
    allowRemoteMockTools: values['allow-remote-mock-tools'] ?? values['allow-reset'] ?? false,
    directoryLimit: numberOr(
      'directory-limit',
      pick(values['directory-limit'], 'MOCK_DIRECTORY_LIMIT'),
      300,
      1,
      100_000_000,
    ),
    writeLimit: numberOr('write-limit', pick(values['write-limit'], 'MOCK_WRITE_LIMIT'), 60, 1, 100_000_000),
    streamsPerUser: numberOr(
      'streams-per-user',
      pick(values['streams-per-user'], 'MOCK_STREAMS_PER_USER'),
      10,
      1,
      100_000,
    ),
    keepAliveMs: numberOr('keep-alive', pick(values['keep-alive'], 'MOCK_KEEP_ALIVE'), 15_000, 100, 600_000),
    iceServers: iceServers(pick(values['ice-servers'], 'MOCK_ICE_SERVERS')),
    journalSize: numberOr('journal-size', pick(values['journal-size'], 'MOCK_JOURNAL_SIZE'), 1000, 0, 100_000),
    maxSessions: numberOr('max-sessions', pick(values['max-sessions'], 'MOCK_MAX_SESSIONS'), 100, 0, 10_000),
    sessionIdleMinutes: numberOr(
      'session-idle-minutes',
      pick(values['session-idle-minutes'], 'MOCK_SESSION_IDLE_MINUTES'),
      30,
      1,
      10_080,
    ),
    sessionsPerAddress: (() => {
      const raw = pick(values['sessions-per-address'], 'MOCK_SESSIONS_PER_ADDRESS');
      return raw === undefined ? undefined : integer('sessions-per-address', raw, 1, 10_000);
    })(),
    sessionRate: numberOr('session-rate', pick(values['session-rate'], 'MOCK_SESSION_RATE'), 120, 1, 1_000_000),
    sessionMemoryMb: numberOr(
      'session-memory-mb',
      pick(values['session-memory-mb'], 'MOCK_SESSION_MEMORY_MB'),
      2048,
      1,
      1_048_576,
    ),
    trustProxy: trustProxy(pick(values['trust-proxy'], 'MOCK_TRUST_PROXY')),
    // --strict implies the check: a strict server that checks nothing would be a surprise.
    checkResponses: strict ? 'strict' : check ? 'log' : 'off',
    unusedUploadHours: numberOr(
      'unused-upload-hours',
      pick(values['unused-upload-hours'], 'MOCK_UNUSED_UPLOAD_HOURS'),
      24,
      1,
      100_000,
    ),
  };
}

/** `--trust-proxy`: a number of hops, or addresses and subnets (and Express's names: loopback, linklocal, uniquelocal). */
function trustProxy(raw: string | undefined): number | string | undefined {
  const value = raw?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return integer('trust-proxy', value, 1, 100);
  const bad = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => !/^(?:loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(?:\/\d{1,3})?)$/.test(part));
  if (bad.length > 0) {
    throw new UsageError(
      `--trust-proxy takes a number of hops or addresses/subnets (loopback, linklocal, uniquelocal), got "${bad.join(', ')}"`,
    );
  }
  return value;
}

/** `--allowed-hosts`: names (a leading `.` takes the subdomains too), or `all`/`true` for every name (a container reached as `mock:4010`). */
function allowedHosts(raw: string | undefined): string[] | 'all' {
  if (raw === undefined) return [];
  const value = raw.trim().toLowerCase();
  if (value === 'all' || value === 'true') return 'all';
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const bad = names.filter((name) => !/^\.?[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?$/.test(name));
  if (bad.length > 0)
    throw new UsageError(`--allowed-hosts takes host names without port or scheme, got "${bad.join(', ')}"`);
  return names;
}

/** `--ice-servers`: a JSON array of RTCIceServer objects, each with `urls`. */
function iceServers(raw: string | undefined): CliOptions['iceServers'] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new UsageError(`--ice-servers must be a JSON array, got "${raw}"`);
  }
  const ok =
    Array.isArray(parsed) &&
    parsed.length <= 10 &&
    parsed.every((s) => {
      const urls = (s as { urls?: unknown })?.urls;
      return typeof urls === 'string' || (Array.isArray(urls) && urls.every((u) => typeof u === 'string'));
    });
  if (!ok) throw new UsageError('--ice-servers must be a JSON array of at most 10 objects, each with "urls"');
  return parsed as CliOptions['iceServers'];
}
