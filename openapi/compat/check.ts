// What the generated code must get right beyond compiling. Each check names the contract item it
// guards; a failure lists every operation or file at fault, then the run exits 1.
import { readFileSync, writeFileSync } from 'node:fs';
import { faker } from '@faker-js/faker';
import { setupServer } from 'msw/node';
import {
  compileFragment,
  createContractAjv,
  describeErrors,
  listOperations,
  loadContract,
  type Operation,
  type ValidateFunction,
} from '../src/index.ts';
import { getCohortAPIMock } from './out/orval-fetch/api.msw.ts';

const doc = loadContract();
const ajv = createContractAjv(doc);
const operations = listOperations(doc);
const failures: string[] = [];
let validatedBodies = 0;
const validators = new Map<string, ValidateFunction>();
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

/** How long one mock answer may take; they take milliseconds, so only a hang reaches it. */
const ANSWER_MS = 10_000;

/**
 * `work`'s result, or an Error once `ms` have passed (the signal is aborted then). The timer keeps
 * the event loop alive, so a mock that never answers is reported by name instead of the process
 * exiting on an empty loop (AbortSignal.timeout's timer does not hold the loop).
 */
async function within<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T | Error> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<Error>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(new Error(`no answer within ${ms / 1000} s`));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal).catch((error: unknown) => error as Error), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** orval's MSW mocks: every operation answers with a body its own declared response accepts. */
async function mocksAnswerPerContract(): Promise<void> {
  const server = setupServer(...getCohortAPIMock());
  server.listen({ onUnhandledRequest: 'error' });
  try {
    for (const op of operations) {
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      const url = `http://compat.test${op.path.replace(/\{[^}]+\}/g, 'x1')}`;
      if (process.env.COMPAT_DEBUG) console.log(op.operationId);
      faker.seed(20261124);
      // Mock data is random: several draws per operation, so an unbounded field is caught.
      for (let draw = 0; draw < 20; draw++) {
        const init: RequestInit = { method: op.method.toUpperCase() };
        if (op.requestBody) Object.assign(init, { body: '{}', headers: { 'content-type': 'application/json' } });
        const res = await within(ANSWER_MS, async (signal) => {
          const r = await fetch(url, { ...init, signal });
          return { status: r.status, text: await r.text() };
        });
        if (res instanceof Error) {
          failures.push(`mocks: ${op.operationId} did not answer: ${res.message}`);
          break;
        }
        // A stream's mock is the raw text/event-stream string: nothing to validate as JSON.
        if (Object.values(op.responses).some((r) => r.content?.['text/event-stream'])) break;
        const status = String(res.status);
        if (!success.includes(status)) {
          failures.push(`mocks: ${op.operationId} answered ${status}, declared ${success.join('/')}`);
          break;
        }
        const media = Object.entries(op.responses[status]?.content ?? {})[0];
        const text = res.text;
        if (!media?.[1].schema || !media[0].includes('json')) continue;
        // Compiled once per answer: Ajv caches by the schema object, and each conversion is a new one.
        const key = `${op.operationId} ${status}`;
        const validate = validators.get(key) ?? compileFragment(ajv, media[1].schema);
        validators.set(key, validate);
        validatedBodies++;
        if (!validate(JSON.parse(text))) {
          const issue = describeErrors(validate.errors)[0];
          failures.push(
            `mocks: ${op.operationId} (${op.method.toUpperCase()} ${op.path}) answered a body its contract refuses: ${issue?.pointer || '/'} ${issue?.message}`,
          );
          break;
        }
      }
    }
  } finally {
    server.close();
  }
}

/** A state-changing operation must never become a query hook that a refetch can fire. */
function writesAreMutations(): void {
  const unsafe = operations.filter((op) => op.method !== 'get' || op.operationId.toLowerCase().includes('logout'));
  const hey = read('./out/hey-api/@tanstack/react-query.gen.ts');
  const orval = read('./out/orval-react-query/api.ts');
  for (const op of unsafe as Operation[]) {
    if (op.method === 'get') continue;
    const name = op.operationId;
    const pascal = name[0]?.toUpperCase() + name.slice(1);
    if (new RegExp(`export const ${name}Options\\b`).test(hey)) failures.push(`hey-api: ${name} is a query hook`);
    if (
      new RegExp(`export (const|function) use${pascal}\\b[^]*?useQuery`).test(
        orval.split(`use${pascal}`).slice(0, 2).join(`use${pascal}`),
      ) &&
      !orval.includes(`use${pascal}Mutation`) &&
      !new RegExp(`get${pascal}MutationOptions`).test(orval)
    ) {
      failures.push(`orval react-query: ${name} is a query hook`);
    }
  }
  const logout = operations.filter((op) => op.path === '/api/v1/logout');
  if (!logout.some((op) => op.method === 'post'))
    failures.push('contract: logout has no POST operation (only a GET that changes state)');
  for (const op of logout) {
    if (op.method === 'get' && !(doc.paths[op.path]?.get as { deprecated?: boolean } | undefined)?.deprecated) {
      failures.push('contract: GET /api/v1/logout changes state but is not deprecated');
    }
  }
}

/** One generated output: where its event unions and its stream answers are, read from the code itself. */
interface EventsOutput {
  name: string;
  file: string;
  /** Where the stream operations' answers are typed, when not in `file`. */
  answerFile?: string;
  /** Whether the file declares the union named `union`. */
  declares: (text: string, union: string) => boolean;
  /** The type the output gives the stream operation's success answer, or undefined when it declares none. */
  answer: (text: string, operationId: string) => string | undefined;
}

const pascal = (name: string) => `${name[0]?.toUpperCase()}${name.slice(1)}`;
const match = (text: string, pattern: RegExp) => text.match(pattern)?.[1]?.trim();
const tsUnion = (text: string, union: string) => text.includes(`export type ${union} `);
const orvalAnswer = (text: string, id: string) =>
  match(text, new RegExp(`export type ${id}Response200 = \\{\\s*data: ([^\\n]+)`));

const eventsOutputs: EventsOutput[] = [
  {
    name: 'hey-api types',
    file: 'hey-api/types.gen.ts',
    declares: tsUnion,
    answer: (text, id) => match(text, new RegExp(`export type ${pascal(id)}Responses = \\{[^}]*?200: ([^;]+);`)),
  },
  {
    name: 'hey-api zod',
    file: 'hey-api/zod.gen.ts',
    declares: (text, union) => text.includes(`export const z${union} =`),
    answer: (text, id) => match(text, new RegExp(`export const z${pascal(id)}Response = ([^;\\n]+)`)),
  },
  {
    name: 'orval fetch',
    file: 'orval-fetch/api.schemas.ts',
    answerFile: 'orval-fetch/api.ts',
    declares: tsUnion,
    answer: orvalAnswer,
  },
  {
    name: 'orval axios',
    file: 'orval-axios/api.schemas.ts',
    answerFile: 'orval-axios/api.ts',
    declares: tsUnion,
    answer: (text, id) => match(text, new RegExp(`export type ${pascal(id)}Result = AxiosResponse<([^>\\n]+)>`)),
  },
  {
    name: 'orval react-query',
    file: 'orval-react-query/api.schemas.ts',
    answerFile: 'orval-react-query/api.ts',
    declares: tsUnion,
    answer: orvalAnswer,
  },
  {
    name: 'orval zod',
    file: 'orval-zod/api.ts',
    declares: (text, union) => text.includes(`export const ${union} =`),
    answer: (text, id) => match(text, new RegExp(`export const ${pascal(id)}Response = ([^;\\n]+)`)),
  },
];

/** Markdown table rows, padded as Biome's Markdown formatter leaves them. */
function markdownTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0))) ?? [];
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

const EVENTS_START = '<!-- compat:stream-events -->';
const EVENTS_END = '<!-- /compat:stream-events -->';

/**
 * Which generators type the stream events, read from what each one emitted: the table in
 * openapi/README.md must be this one (COMPAT_RECORD=1 rewrites it), so a generator that starts or
 * stops typing them shows in the diff. The events' unions must be typed in the TypeScript outputs.
 */
function streamEventsRecorded(): void {
  const streams = operations.filter((op) => Object.values(op.responses).some((r) => r.content?.['text/event-stream']));
  const unions: string[] = [];
  for (const op of streams) {
    for (const [status, response] of Object.entries(op.responses)) {
      const media = response.content?.['text/event-stream'] as Record<string, unknown> | undefined;
      if (!media) continue;
      const raw = media['x-events'] ?? media.itemSchema;
      // x-events names the union by a JSON pointer string; itemSchema holds a $ref.
      const ref = (typeof raw === 'string' ? raw : (raw as { $ref?: string } | undefined)?.$ref) ?? '';
      const name = ref.split('/').pop();
      if (name) unions.push(name);
      else failures.push(`contract: ${op.operationId} ${status} stream has no typed event union (x-events)`);
    }
  }
  const rows = [
    ['generator output', `the event unions (${unions.map((u) => `\`${u}\``).join(', ')})`, 'the stream answer'],
  ];
  for (const output of eventsOutputs) {
    const text = read(`./out/${output.file}`);
    const typed = unions.filter((u) => output.declares(text, u));
    const answerText = output.answerFile ? read(`./out/${output.answerFile}`) : text;
    const answers = [...new Set(streams.map((op) => output.answer(answerText, op.operationId) ?? 'none declared'))];
    const unionCell =
      typed.length === unions.length ? 'typed' : typed.length === 0 ? 'not typed' : `only ${typed.join(', ')}`;
    rows.push([
      `${output.name} (\`${output.file.split('/').pop()}\`)`,
      unionCell,
      answers.map((a) => `\`${a}\``).join(' / '),
    ]);
    if (output.declares === tsUnion && typed.length < unions.length)
      failures.push(`${output.name}: no type ${unions.filter((u) => !typed.includes(u)).join(', ')}`);
  }
  const table = markdownTable(rows);
  const readmeUrl = new URL('../README.md', import.meta.url);
  const readme = readFileSync(readmeUrl, 'utf8');
  const start = readme.indexOf(EVENTS_START);
  const end = readme.indexOf(EVENTS_END);
  if (start < 0 || end < start) {
    failures.push(`openapi/README.md: no ${EVENTS_START} … ${EVENTS_END} block for the stream events table`);
    return;
  }
  const recorded = readme.slice(start + EVENTS_START.length, end).trim();
  if (recorded === table) return;
  if (process.env.COMPAT_RECORD) {
    writeFileSync(readmeUrl, `${readme.slice(0, start + EVENTS_START.length)}\n\n${table}\n\n${readme.slice(end)}`);
    console.log('compat: recorded the stream events table in openapi/README.md');
  } else {
    failures.push(
      `openapi/README.md: the stream events table is not what the generators made (COMPAT_RECORD=1 rewrites it):\n${table}`,
    );
  }
}

/** No credential travels in a URL: every generator would send it on every call. */
function noQueryCredentials(): void {
  for (const [name, scheme] of Object.entries(doc.components.securitySchemes ?? {})) {
    const s = scheme as { type?: string; in?: string };
    if (s.type === 'apiKey' && s.in === 'query')
      failures.push(`contract: security scheme ${name} sends a credential in the query`);
  }
  if (/in: 'query'/.test(read('./out/hey-api/sdk.gen.ts')))
    failures.push('hey-api: the SDK puts a credential in the query string');
}

/** The exported `const` blocks of a generated file, by name. */
function constBlocks(text: string): Map<string, string> {
  const blocks = new Map<string, string>();
  const parts = text.split(/^export const /m).slice(1);
  for (const part of parts) blocks.set(part.slice(0, part.search(/[\s:=<]/)), part);
  return blocks;
}

/**
 * Every field of a request body is in its zod schema in both generators (an `anyOf` beside
 * `properties` made openapi-zod-client keep only the `anyOf`): hey-api's `z<Schema>` (or its
 * `Writable` copy) with the schemas it names, orval's `<OperationId>Body`.
 */
function bodiesKeepTheirFields(): void {
  const hey = constBlocks(read('./out/hey-api/zod.gen.ts'));
  const orval = constBlocks(read('./out/orval-zod/api.ts'));
  const withRefs = (name: string, seen = new Set<string>()): string => {
    if (seen.has(name)) return '';
    seen.add(name);
    const block = hey.get(name) ?? '';
    return block + [...block.matchAll(/\bz[A-Z]\w*/g)].map(([ref]) => withRefs(ref, seen)).join('');
  };
  const fieldsOf = (schema: Record<string, unknown>): string[] => {
    const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
    const s = ref ? (doc.components.schemas[ref] as Record<string, unknown>) : schema;
    const branches = ((s.anyOf ?? s.oneOf ?? []) as Record<string, unknown>[]).flatMap(fieldsOf);
    return [...new Set([...Object.keys((s.properties ?? {}) as object), ...branches])];
  };
  for (const op of operations) {
    const schema = op.requestBody?.content['application/json']?.schema as Record<string, unknown> | undefined;
    const ref = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
    if (!schema || !ref) continue;
    // hey-api keeps writeOnly fields (passwords) only in the `…Writable` copy its SDK sends.
    const heyText = withRefs(hey.has(`z${ref}Writable`) ? `z${ref}Writable` : `z${ref}`);
    const body = `${op.operationId[0]?.toUpperCase()}${op.operationId.slice(1)}Body`;
    const orvalText = orval.get(body) ?? '';
    for (const field of fieldsOf(schema)) {
      const key = new RegExp(`(^|[\\s{,'"])${field}['"]?\\??:`, 'm');
      if (!key.test(heyText)) failures.push(`hey-api zod: ${ref} (${op.operationId}) lost its field ${field}`);
      if (!key.test(orvalText)) failures.push(`orval zod: ${body} (${op.operationId}) lost its field ${field}`);
    }
  }
}

await mocksAnswerPerContract();
bodiesKeepTheirFields();
writesAreMutations();
streamEventsRecorded();
noQueryCredentials();
if (failures.length) {
  console.error(`\ncompat: ${failures.length} finding(s)`);
  for (const f of failures) console.error(`  - ${f}`);
  process.exit(1);
}
console.log(
  `compat: hey-api and orval outputs compile; orval's mocks answered all ${operations.length} operations, ${validatedBodies} JSON answers valid per the contract`,
);
