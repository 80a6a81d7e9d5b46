import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fetchSend, loadContract, parseContract, type RecordedExchange, type Records } from '@cohort/openapi';
import { renderReplay, replay } from '../replay/replay.ts';

export const REPLAY_USAGE = `usage: cohort-contract replay FILE --base-url URL [--password P] [--contract PATH] [--timeout MS] [--json]

Sends a flow the Cohort mock recorded (a scenario file from POST /__mock/recordings/{id}/stop, or its
"records") to a server in order, carrying ids from earlier answers into later requests, and lists
where the answers differ from the recording: status, the contract's schema, and the fields the flow
read (an answer's value a later request sent).

  --base-url URL      the server to replay against (required)
  --password P        what redacted passwords are sent as (default: the file's records.password)
  --contract PATH     another OpenAPI file to judge answers by (default: the bundled Cohort contract)
  --timeout MS        per-request timeout (default 10000)
  --json              print the result as JSON
  -h, --help

exit code: 0 no differences, 1 differences, 2 usage, file or connection error`;

class ReplayUsageError extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A scenario file's records (or bare records), each bad field named. */
export function readRecords(file: string): Records {
  let raw: unknown;
  try {
    // YAML or JSON, read as the contract is (js-yaml's core schema).
    raw = parseContract(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReplayUsageError(`cannot read ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  const records = isRecord(raw) && isRecord(raw.records) ? raw.records : raw;
  if (!isRecord(records) || !Array.isArray(records.exchanges))
    throw new ReplayUsageError(`${file}: records.exchanges: a list of recorded requests is required`);
  const problems: string[] = [];
  for (const [i, exchange] of (records.exchanges as unknown[]).entries()) {
    const at = `records.exchanges.${i}`;
    if (!isRecord(exchange)) {
      problems.push(`${at}: must be an object`);
      continue;
    }
    if (typeof exchange.method !== 'string') problems.push(`${at}.method: must be an HTTP method`);
    if (typeof exchange.path !== 'string' || !exchange.path.startsWith('/'))
      problems.push(`${at}.path: must begin with /`);
    if (!Number.isInteger(exchange.status)) problems.push(`${at}.status: must be a status code`);
  }
  if (records.password !== undefined && typeof records.password !== 'string')
    problems.push('records.password: must be a string');
  if (records.identities !== undefined && !isRecord(records.identities))
    problems.push('records.identities: must be an object');
  if (problems.length > 0) throw new ReplayUsageError(`${file}: ${problems.join('; ')}`);
  return {
    password: typeof records.password === 'string' ? records.password : '',
    identities: (records.identities ?? {}) as Records['identities'],
    exchanges: records.exchanges as RecordedExchange[],
  };
}

export async function replayMain(argv: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        'base-url': { type: 'string' },
        password: { type: 'string' },
        contract: { type: 'string' },
        timeout: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${REPLAY_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${REPLAY_USAGE}\n`);
    return 0;
  }
  try {
    const [file, ...extra] = positionals;
    if (file === undefined || extra.length > 0) throw new ReplayUsageError('give one recording FILE');
    const baseUrl = values['base-url'];
    if (typeof baseUrl !== 'string' || !/^https?:\/\/[^/]/i.test(baseUrl))
      throw new ReplayUsageError('--base-url must be an http(s) URL such as http://127.0.0.1:4010');
    const timeout = values.timeout === undefined ? 10_000 : Number(values.timeout);
    if (!Number.isInteger(timeout) || timeout < 1)
      throw new ReplayUsageError(`--timeout must be an integer >= 1: ${values.timeout}`);
    const records = readRecords(file);
    const password = typeof values.password === 'string' ? values.password : undefined;
    if (!records.password && password === undefined)
      throw new ReplayUsageError(`${file}: records.password is not set; give --password`);
    const doc = typeof values.contract === 'string' ? loadContract(values.contract) : loadContract();
    const result = await replay(records, fetchSend(baseUrl, timeout), {
      doc,
      baseUrl,
      ...(password === undefined ? {} : { password }),
    });
    process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : renderReplay(result, records));
    return result.differences.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ReplayUsageError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      process.stderr.write(`cohort-contract replay: ${(error as Error).message}\n`);
      return 2;
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if (error instanceof TypeError && cause) {
      process.stderr.write(`cohort-contract replay: cannot reach the server (${cause})\n`);
      return 2;
    }
    process.stderr.write(`cohort-contract replay: internal error: ${(error as Error).stack ?? String(error)}\n`);
    return 2;
  }
}
