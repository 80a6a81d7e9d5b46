import { parseArgs } from 'node:util';
import type { Latency } from './adapters/dev.ts';
import { DEFAULT_CORS_ORIGINS } from './app.ts';
import { DEFAULT_SEED, DEFAULT_USERS, MAX_USERS } from './seed/index.ts';

/** What the mock is started with: each field from its flag in FLAGS (below). */
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
  /** Seeded members post now and then, so live messages show up; on in `pnpm dev`, off by default and in tests. */
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
  /** `--upstream`: the backend's base URL, asked first for every API request. */
  upstream: string | undefined;
  /** Operations the engine answers without asking the backend. */
  mockOps: string[];
  /** Operations only the backend answers. */
  upstreamOps: string[];
  /** Hours (mock clock) an upload may go unused (no profile, message points at it) before it is removed. */
  unusedUploadHours: number;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

function integer(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
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

/** An on/off environment variable: 1/true/on or 0/false/off (or unset: off). */
function switchEnv(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (value !== undefined && value !== '' && !['1', 'true', 'on', '0', 'false', 'off'].includes(value)) {
    throw new UsageError(`${name} must be 1/true/on or 0/false/off, got "${env[name]}"`);
  }
  return ['1', 'true', 'on'].includes(value ?? '');
}

/**
 * One command-line flag: the parser, `--help` and the README's flag table are all made from this entry
 * (`pnpm --filter @cohort/mock docs:flags` rewrites the table; test/flags.test.ts fails when it is stale).
 */
export interface Flag {
  /** The long name, without `--`. */
  name: string;
  /** A one-letter short form (`-h`). */
  alias?: string;
  /** Older long names that still work (a switch's only: `--allow-reset`). */
  aliases?: readonly string[];
  /** `integer` and `number` are checked against min..max; a `switch` takes no value. */
  type: 'integer' | 'number' | 'string' | 'switch';
  /** How the value is written in `--help` and the table (`<n>`); switches have none. */
  arg?: string;
  /** The environment variable read when the flag is not given (switches: 1/true/on or 0/false/off). */
  env?: string;
  /** The parser's value when neither the flag nor its variable is given. */
  default?: number | string | boolean | readonly string[];
  /** How the default reads, where the value itself would not say it. */
  defaultText?: string;
  min?: number;
  max?: number;
  /** One sentence for `--help` and the README (Markdown backticks are dropped in `--help`). */
  description: string;
}

export const FLAGS = [
  {
    name: 'port',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_PORT',
    default: 4010,
    min: 0,
    max: 65535,
    description: 'port to listen on; `0` picks a free one (the first line printed says which)',
  },
  {
    name: 'host',
    type: 'string',
    arg: '<addr>',
    env: 'MOCK_HOST',
    default: '127.0.0.1',
    description: 'address to listen on',
  },
  {
    name: 'seed',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_SEED',
    default: DEFAULT_SEED,
    min: 0,
    max: 2 ** 32 - 1,
    description: 'seed for the generated data: the same seed gives byte-identical data',
  },
  {
    name: 'users',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_USERS',
    default: DEFAULT_USERS,
    min: 1,
    max: MAX_USERS,
    description: `seeded users, 1 to ${MAX_USERS}; wins over a scenario's \`seed.users\``,
  },
  {
    name: 'scenario',
    type: 'string',
    arg: '<name|file>',
    env: 'MOCK_SCENARIO',
    default: 'default',
    description:
      'a preset (`default`, `empty`, `crowded`, `flaky`, `offline-stream`) or a YAML/JSON scenario file (see docs/scenarios.md)',
  },
  {
    name: 'latency',
    type: 'string',
    arg: '<ms|min-max>',
    env: 'MOCK_LATENCY',
    description: 'delays every API answer, to see loading states',
  },
  {
    name: 'error-rate',
    type: 'number',
    arg: '<0..1>',
    env: 'MOCK_ERROR_RATE',
    default: 0,
    min: 0,
    max: 1,
    description:
      'that share of API calls answers 503 with the error envelope, to see error states (never `/docs` or `/__mock`)',
  },
  {
    name: 'data',
    type: 'string',
    arg: '<file>',
    env: 'MOCK_DATA',
    description:
      "keeps the state in a SQLite file across restarts; each request's changed rows are written before the answer, so an acknowledged write survives `kill -9`; uploads go to `<file>.media/`",
  },
  {
    name: 'fresh',
    type: 'switch',
    env: 'MOCK_FRESH',
    default: false,
    description: "with `--data`: start from the seed, replacing the file's state",
  },
  {
    name: 'reseed-bad-data',
    type: 'switch',
    default: false,
    description:
      'with `--data`: move an unusable file aside (printed) and start from the seed, instead of refusing (on in `pnpm dev`)',
  },
  {
    name: 'cors-origin',
    type: 'string',
    arg: '<list>',
    env: 'MOCK_CORS_ORIGIN',
    default: DEFAULT_CORS_ORIGINS,
    defaultText: 'the Vite dev server',
    description: 'comma-separated origins, or `*`',
  },
  {
    name: 'allowed-hosts',
    type: 'string',
    arg: '<list>',
    env: 'MOCK_ALLOWED_HOSTS',
    description:
      '`Host` names the mock answers besides loopback names, IP addresses, `--host` and the `--cors-origin` hosts (`.example.com`: and its subdomains), or `all`; any other is a 403',
  },
  { name: 'quiet', type: 'switch', default: false, description: 'no request log' },
  {
    name: 'chatter',
    type: 'switch',
    env: 'MOCK_CHATTER',
    default: false,
    description:
      "seeded members post to the open chats (or the demo account's) every 6–15 s, so live messages show up (on in `pnpm dev`)",
  },
  {
    name: 'token-ttl',
    type: 'integer',
    arg: '<s>',
    env: 'MOCK_TOKEN_TTL',
    default: 2_592_000,
    min: 1,
    max: 10 * 365 * 86_400,
    description:
      'seconds a token lives after its last use (sliding; the default is 30 days); sign-in answers it as `expires_in`',
  },
  {
    name: 'login-limit',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_LOGIN_LIMIT',
    default: 100,
    min: 1,
    max: 1_000_000,
    description: 'failed sign-ins per minute per address, whatever the e-mail (10 per e-mail and address is fixed)',
  },
  {
    name: 'register-limit',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_REGISTER_LIMIT',
    default: 100,
    min: 1,
    max: 1_000_000,
    description: 'registrations per 10 minutes per address',
  },
  {
    name: 'sign-in-limit',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_SIGN_IN_LIMIT',
    default: 200,
    min: 1,
    max: 1_000_000,
    description: 'successful sign-ins per 10 minutes per address (each mints a token), then 429',
  },
  {
    name: 'request-timeout',
    type: 'integer',
    arg: '<ms>',
    env: 'MOCK_REQUEST_TIMEOUT',
    default: 30_000,
    min: 100,
    max: 3_600_000,
    description: 'time to receive a whole request; a slower one gets a JSON 408',
  },
  {
    name: 'headers-timeout',
    type: 'integer',
    arg: '<ms>',
    env: 'MOCK_HEADERS_TIMEOUT',
    default: 10_000,
    min: 100,
    max: 3_600_000,
    description:
      'time to receive the request headers (never more than the request timeout); a slower one gets a JSON 408',
  },
  {
    name: 'streams-per-user',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_STREAMS_PER_USER',
    default: 10,
    min: 1,
    max: 100_000,
    description: 'open event streams per user and per token, then 429',
  },
  {
    name: 'keep-alive',
    type: 'integer',
    arg: '<ms>',
    env: 'MOCK_KEEP_ALIVE',
    default: 15_000,
    min: 100,
    max: 600_000,
    description: 'keep-alive comment interval on idle event streams (the conformance run uses 500 to check it quickly)',
  },
  {
    name: 'unused-upload-hours',
    type: 'integer',
    arg: '<h>',
    env: 'MOCK_UNUSED_UPLOAD_HOURS',
    default: 24,
    min: 1,
    max: 100_000,
    description:
      "an upload that no profile (photo, résumé), message, post or story points at is removed once this old on the mock's clock",
  },
  {
    name: 'directory-limit',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_DIRECTORY_LIMIT',
    default: 300,
    min: 1,
    max: 100_000_000,
    description: 'directory reads (search, profiles) per minute per user, then 429',
  },
  {
    name: 'write-limit',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_WRITE_LIMIT',
    default: 60,
    min: 1,
    max: 100_000_000,
    description:
      'new groups, members added or invited, messages, forwards, reports, connection requests, calls, posts, comments and stories per minute per user and operation, then 429',
  },
  {
    name: 'ice-servers',
    type: 'string',
    arg: '<json>',
    env: 'MOCK_ICE_SERVERS',
    description:
      'ICE servers calls use (`getCallConfig`), a JSON array of at most 10 `{ "urls", "username"?, "credential"? }`: none on one machine, a TURN server for real networks',
  },
  {
    name: 'journal-size',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_JOURNAL_SIZE',
    default: 1000,
    min: 0,
    max: 100_000,
    description:
      'requests `GET /__mock/requests` keeps (a ring buffer: the oldest goes; passwords and tokens redacted); `0` turns the journal off',
  },
  {
    name: 'max-sessions',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_MAX_SESSIONS',
    default: 100,
    min: 0,
    max: 10_000,
    description:
      'sessions (`X-Mock-Session` header or `mock_session` cookie) kept at once; a new one past it is a 503 with `Retry-After` until one is reset or expires',
  },
  {
    name: 'session-idle-minutes',
    type: 'integer',
    arg: '<m>',
    env: 'MOCK_SESSION_IDLE_MINUTES',
    default: 30,
    min: 1,
    max: 10_080,
    description: "a session unused this long on the mock's clock is dropped (its state goes)",
  },
  {
    name: 'sessions-per-address',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_SESSIONS_PER_ADDRESS',
    defaultText: '`--max-sessions`',
    min: 1,
    max: 10_000,
    description:
      'sessions one address may hold; past it its least recently used session goes if idle for a minute, else 503. A full server also takes back the oldest idle session of an address holding more than its fair share (`--max-sessions` over the addresses holding sessions)',
  },
  {
    name: 'session-rate',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_SESSION_RATE',
    default: 120,
    min: 1,
    max: 1_000_000,
    description: 'new sessions per minute (mock clock) per address, then 429 with `Retry-After`',
  },
  {
    name: 'session-memory-mb',
    type: 'integer',
    arg: '<n>',
    env: 'MOCK_SESSION_MEMORY_MB',
    default: 2048,
    min: 1,
    max: 1_048_576,
    description:
      'megabytes of heap sessions may take together, the seeds they share included, judged before a session is made (and never past nine-tenths of the heap limit); past it a new session is a 503 with `Retry-After`',
  },
  {
    name: 'trust-proxy',
    type: 'string',
    arg: '<hops|addresses>',
    env: 'MOCK_TRUST_PROXY',
    defaultText: 'off',
    description:
      "behind a proxy you trust: per-address limits and caps count the client by `X-Forwarded-For` (Express's `trust proxy`: `1`, or `loopback,10.0.0.0/8`); off, the header is ignored",
  },
  {
    name: 'check-responses',
    type: 'switch',
    env: 'MOCK_CHECK_RESPONSES',
    default: false,
    description:
      'the drift alarm: every JSON answer is checked against the contract; each new violation is logged once and listed at `GET /__mock/violations` (on in `pnpm dev`)',
  },
  {
    name: 'strict',
    type: 'switch',
    env: 'MOCK_STRICT',
    default: false,
    description:
      'with the check (implied): a drifting answer becomes a 500 whose error envelope names each bad field, for CI',
  },
  {
    name: 'upstream',
    type: 'string',
    arg: '<url>',
    env: 'MOCK_UPSTREAM',
    description:
      "a real backend in front of which the mock stands: each API request goes there first; a 501, a 404 the operation does not declare or that is not the error envelope, or an unreachable backend is answered by the mock instead; the backend's answers are checked against the contract (see docs/upstream.md)",
  },
  {
    name: 'mock-ops',
    type: 'string',
    arg: '<ids>',
    env: 'MOCK_MOCK_OPS',
    description: 'with `--upstream`: comma-separated operationIds the mock answers without asking the backend',
  },
  {
    name: 'upstream-ops',
    type: 'string',
    arg: '<ids>',
    env: 'MOCK_UPSTREAM_OPS',
    description:
      'with `--upstream`: comma-separated operationIds only the backend answers, whatever it says (a 501 or 404 included; unreachable is a 502)',
  },
  {
    name: 'allow-remote-mock-tools',
    aliases: ['allow-reset'],
    type: 'switch',
    default: false,
    description:
      'every `/__mock` endpoint, reads included (mail, journal, sessions, clock), when `--host` is not a loopback address',
  },
  { name: 'help', alias: 'h', type: 'switch', description: 'print this help and exit' },
] as const satisfies readonly Flag[];

export type FlagName = (typeof FLAGS)[number]['name'];

const FLAG_BY_NAME = new Map<string, Flag>(FLAGS.map((f) => [f.name, f]));

function flagOf(name: FlagName): Flag {
  const flag = FLAG_BY_NAME.get(name);
  if (!flag) throw new Error(`no flag --${name} in FLAGS`);
  return flag;
}

function defaultOf(flag: Flag): string | undefined {
  if (flag.defaultText !== undefined) return flag.defaultText;
  if (flag.default === undefined) return flag.type === 'switch' ? (flag.name === 'help' ? undefined : 'off') : 'none';
  if (typeof flag.default === 'boolean') return flag.default ? 'on' : 'off';
  return String(flag.default);
}

function envOf(flag: Flag): string | undefined {
  if (flag.env === undefined) return undefined;
  return flag.type === 'switch' ? `${flag.env}=1` : flag.env;
}

function spelling(flag: Flag): string {
  const long = [flag.name, ...(flag.aliases ?? [])]
    .map((name) => `--${name}${flag.arg ? ` ${flag.arg}` : ''}`)
    .join(', ');
  return flag.alias ? `-${flag.alias}, ${long}` : long;
}

/** Wraps text to `width` columns, continuation lines indented by `indent` spaces. */
function wrap(text: string, indent: number, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** `--help`, made from FLAGS. */
export function usage(): string {
  const column = 30;
  const rows = FLAGS.map((flag: Flag) => {
    const notes = [defaultOf(flag) && `default ${defaultOf(flag)}`, envOf(flag) && `env ${envOf(flag)}`]
      .filter(Boolean)
      .join('; ');
    const text = `${flag.description}${notes ? ` (${notes})` : ''}`.replaceAll('`', '');
    const head = `  ${spelling(flag)}`;
    const lead = head.length < column ? head.padEnd(column) : `${head}\n${' '.repeat(column)}`;
    return `${lead}${wrap(text, column, 110)}`;
  });
  return [
    'Usage: tsx src/main.ts [options]',
    'A flag wins over its environment variable, which wins over the default.',
    '',
    ...rows,
  ].join('\n');
}

export const USAGE = usage();

/** The README's flag table (Markdown), made from FLAGS, its columns padded as the formatter (biome) pads them. */
export function flagTable(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const head = ['flag', 'env', 'default', 'what it does'];
  const body = FLAGS.map((flag: Flag) => {
    const env = envOf(flag);
    return [
      cell(`\`${spelling(flag)}\``),
      env ? `\`${env}\`` : '',
      cell(defaultOf(flag) ?? ''),
      cell(flag.description),
    ];
  });
  const widths = head.map((_, column) => Math.max(3, ...[head, ...body].map((row) => row[column]?.length ?? 0)));
  const line = (row: string[]) => `| ${row.map((text, column) => text.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions | 'help' {
  const { values } = parseArgs({
    // `pnpm --filter @cohort/mock start -- --port 0` hands the script its `--` too.
    args: argv[0] === '--' ? argv.slice(1) : argv,
    strict: true,
    options: Object.fromEntries(
      FLAGS.flatMap((flag: Flag) =>
        [flag.name, ...(flag.aliases ?? [])].map((name) => [
          name,
          {
            type: flag.type === 'switch' ? ('boolean' as const) : ('string' as const),
            ...(flag.alias === undefined || name !== flag.name ? {} : { short: flag.alias }),
          },
        ]),
      ),
    ),
  });
  if (values.help) return 'help';
  /** The flag's text, else its variable's; undefined when neither is given. */
  const raw = (name: FlagName): string | undefined => {
    const given = values[name];
    if (typeof given === 'string') return given;
    const variable = flagOf(name).env;
    return variable === undefined ? undefined : env[variable];
  };
  const on = (name: FlagName): boolean => {
    const flag = flagOf(name);
    // The flag's own name wins over an older one given too.
    const given = [flag.name, ...(flag.aliases ?? [])]
      .map((spelt) => (values as Record<string, unknown>)[spelt])
      .find((value) => typeof value === 'boolean');
    if (typeof given === 'boolean') return given;
    return flag.env === undefined ? flag.default === true : switchEnv(env, flag.env);
  };
  const whole = (name: FlagName): number => {
    const flag = flagOf(name);
    const text = raw(name);
    return text === undefined
      ? Number(flag.default)
      : integer(name, text, flag.min ?? 0, flag.max ?? Number.MAX_SAFE_INTEGER);
  };
  const users = raw('users');
  const lat = raw('latency');
  const rate = raw('error-rate');
  const origins = raw('cors-origin');
  const strict = on('strict');
  const check = on('check-responses');
  let errorRate = Number(flagOf('error-rate').default);
  if (rate !== undefined) {
    errorRate = Number(rate);
    if (rate.trim() === '' || !Number.isFinite(errorRate) || errorRate < 0 || errorRate > 1) {
      throw new UsageError(`--error-rate must be a number from 0 to 1, got "${rate}"`);
    }
  }
  return {
    port: whole('port'),
    host: raw('host') ?? String(flagOf('host').default),
    seed: whole('seed'),
    users: whole('users'),
    usersGiven: users !== undefined,
    scenario: raw('scenario')?.trim() || String(flagOf('scenario').default),
    latency: lat === undefined ? undefined : parseLatency(lat),
    errorRate,
    data: raw('data') || undefined,
    corsOrigins:
      origins === undefined
        ? [...(flagOf('cors-origin').default as readonly string[])]
        : origins.trim() === '*'
          ? '*'
          : origins
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean),
    allowedHosts: allowedHosts(raw('allowed-hosts')),
    quiet: on('quiet'),
    chatter: on('chatter'),
    fresh: on('fresh'),
    reseedBadData: on('reseed-bad-data'),
    tokenTtlSeconds: whole('token-ttl'),
    loginLimit: whole('login-limit'),
    registerLimit: whole('register-limit'),
    signInLimit: whole('sign-in-limit'),
    requestTimeoutMs: whole('request-timeout'),
    headersTimeoutMs: whole('headers-timeout'),
    allowRemoteMockTools: on('allow-remote-mock-tools'),
    directoryLimit: whole('directory-limit'),
    writeLimit: whole('write-limit'),
    streamsPerUser: whole('streams-per-user'),
    keepAliveMs: whole('keep-alive'),
    iceServers: iceServers(raw('ice-servers')),
    journalSize: whole('journal-size'),
    maxSessions: whole('max-sessions'),
    sessionIdleMinutes: whole('session-idle-minutes'),
    sessionsPerAddress: raw('sessions-per-address') === undefined ? undefined : whole('sessions-per-address'),
    sessionRate: whole('session-rate'),
    sessionMemoryMb: whole('session-memory-mb'),
    trustProxy: trustProxy(raw('trust-proxy')),
    // --strict implies the check: a strict server that checks nothing would be a surprise.
    checkResponses: strict ? 'strict' : check ? 'log' : 'off',
    unusedUploadHours: whole('unused-upload-hours'),
    ...upstreamOf(raw('upstream'), raw('mock-ops'), raw('upstream-ops')),
  };
}

/** `--upstream` (an http(s) URL without query or fragment) and its two lists of operationIds, which may not share one. */
function upstreamOf(
  url: string | undefined,
  mock: string | undefined,
  only: string | undefined,
): Pick<CliOptions, 'upstream' | 'mockOps' | 'upstreamOps'> {
  const list = (name: string, text: string | undefined) => {
    const ids = (text ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    const bad = ids.filter((id) => !/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(id));
    if (bad.length > 0) throw new UsageError(`--${name} takes comma-separated operationIds, got "${bad.join(', ')}"`);
    return ids;
  };
  const mockOps = list('mock-ops', mock);
  const upstreamOps = list('upstream-ops', only);
  const value = url?.trim() || undefined;
  if (value === undefined) {
    if (mockOps.length > 0 || upstreamOps.length > 0)
      throw new UsageError('--mock-ops and --upstream-ops need --upstream <url>');
    return { upstream: undefined, mockOps, upstreamOps };
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new UsageError(`--upstream must be an http or https URL, got "${value}"`);
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.search !== '' || parsed.hash !== '' || parsed.username !== '') {
    throw new UsageError(
      `--upstream must be an http or https URL without query, fragment or credentials, got "${value}"`,
    );
  }
  const both = mockOps.filter((id) => upstreamOps.includes(id));
  if (both.length > 0) throw new UsageError(`--mock-ops and --upstream-ops both list ${both.join(', ')}`);
  return { upstream: value.replace(/\/+$/, ''), mockOps, upstreamOps };
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
