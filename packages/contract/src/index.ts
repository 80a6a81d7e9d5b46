import { readFileSync } from 'node:fs';
import { contractPath, listOperations, type OpenApiDocument, type Operation, parseContract } from '@cohort/openapi';
import { skip } from './checks/diagnostic.ts';
import { ignoredAuth } from './checks/ignored-auth.ts';
import { RunContext, unimplemented } from './context.ts';
import { coverageOf, statusCoverage } from './coverage.ts';
import { ConnectionError, fetchTransport, HttpClient, nodeTransport } from './http.ts';
import { registerThirdUser, runAccess } from './phases/access.ts';
import { runAccountFlows } from './phases/account-flows.ts';
import { runLimitScope, runResetLinks } from './phases/auth-flows.ts';
import { runConditionalGets } from './phases/conditional.ts';
import { runExampleCredentials } from './phases/example-credentials.ts';
import { runExamples } from './phases/examples.ts';
import { runFuzz } from './phases/fuzz.ts';
import { baseRequest, pool, runNegative } from './phases/negative.ts';
import { runProvocations } from './phases/provoke.ts';
import { runStateProvocations } from './phases/provoke-state.ts';
import { runScenario } from './phases/scenario.ts';
import { logoutStep, SignInError } from './phases/sessions.ts';
import { runStreams } from './phases/streams.ts';
import { runUploads } from './phases/uploads.ts';
import { Recorder } from './recorder.ts';
import { SchemaBook } from './schema.ts';
import type { ConformanceOptions, ConformanceResult, Diagnostic, Include } from './types.ts';
import { warmValidators } from './warm.ts';

/** How the checker reads a contract's text (YAML or JSON): as @cohort/openapi's `loadContract` does. */
export { parseContract } from '@cohort/openapi';
export { applyBaseline, type Baseline, readBaseline, writeBaseline } from './baseline.ts';
export { compareTraces, type Difference, renderComparison, type TraceStep } from './compare.ts';
export * from './diff/index.ts';
export { toCurl } from './http.ts';
export { renderJson } from './reporters/json.ts';
export { renderJunit } from './reporters/junit.ts';
export { renderMarkdown } from './reporters/markdown.ts';
export { renderText } from './reporters/text.ts';
export * from './types.ts';

/** A usage or contract problem found before any request: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** An absolute http(s) URL, or a `UsageError` naming the flag (not a TypeError from deep in a request). */
export function checkBaseUrl(baseUrl: string): void {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !/^https?:\/\//i.test(baseUrl)) {
    throw new UsageError(`--base-url must be an http(s) URL such as http://127.0.0.1:4010: ${baseUrl}`);
  }
}

export function selectOperations(all: Operation[], include: Include, only?: string[]): Operation[] {
  const byTag = all.filter((op) =>
    include === 'all' ? true : include === 'proposed' ? op.proposed : !op.proposed || op.tags.includes('core'),
  );
  if (!only || only.length === 0) return byTag;
  const unknown = only.filter((id) => !all.some((op) => op.operationId === id));
  if (unknown.length > 0) throw new UsageError(`unknown operationId: ${unknown.join(', ')}`);
  return all.filter((op) => only.includes(op.operationId));
}

/** A contract as a run reads it: the document, and its schemas compiled for each direction. */
interface PreparedContract {
  doc: OpenApiDocument;
  responses: SchemaBook;
  requests: SchemaBook;
}

function prepare(doc: OpenApiDocument): PreparedContract {
  try {
    return { doc, responses: new SchemaBook(doc, 'response'), requests: new SchemaBook(doc, 'request') };
  } catch (error) {
    throw new UsageError(`the contract's schemas do not compile: ${(error as Error).message}`);
  }
}

/**
 * The last contract texts this process read (a file, a URL, the bundled one), parsed and compiled:
 * the next run of the same text (`--compare-with`, a test suite) reuses them, as parsing and
 * compiling are most of a run's own cost. A run reads the document and never changes it.
 */
const preparedByText = new Map<string, PreparedContract>();
const PREPARED_KEPT = 4;

/** The contract's text, parsed and compiled once per text (see `preparedByText`). */
function prepareText(text: string): PreparedContract {
  const kept = preparedByText.get(text);
  if (kept) return kept;
  const doc = parseContract(text);
  if (!doc || typeof doc !== 'object' || !doc.paths) throw new Error('no paths');
  const prepared = prepare(doc);
  preparedByText.set(text, prepared);
  for (const oldest of preparedByText.keys()) {
    if (preparedByText.size <= PREPARED_KEPT) break;
    preparedByText.delete(oldest);
  }
  return prepared;
}

/** The contract at an http(s) URL (YAML or JSON), e.g. the `/openapi.yaml` a server publishes. */
async function fetchContract(url: string, fetchImpl: typeof fetch = fetch): Promise<PreparedContract> {
  try {
    const res = await fetchImpl(url, { headers: { accept: 'application/yaml, application/json' } });
    if (!res.ok) throw new Error(`answered ${res.status}`);
    return prepareText(await res.text());
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read the contract ${url}: ${(error as Error).message}`);
  }
}

/** A document given as an object is compiled for this run alone: its owner may change it between runs. */
async function loadContractOf(contract: ConformanceOptions['contract']): Promise<PreparedContract> {
  if (contract !== undefined && typeof contract !== 'string') return prepare(contract);
  if (contract !== undefined && /^https?:\/\//i.test(contract)) return fetchContract(contract);
  try {
    return prepareText(readFileSync(contract ?? contractPath, 'utf8'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read the contract ${contract ?? '(default)'}: ${(error as Error).message}`);
  }
}

/**
 * Runs the scenario, negative and fuzz phases against `baseUrl` and returns one result per
 * operation × check. Never throws for a server's misbehaviour; a server that cannot be reached
 * is reported as an `error` (exit code 2), a bad option or contract throws `UsageError`.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  const started = performance.now();
  checkBaseUrl(options.baseUrl);
  const { doc, responses, requests } = await loadContractOf(options.contract);
  const all = listOperations(doc);
  const selected = selectOperations(all, options.include ?? 'core', options.operations);
  const selectedIds = selected.map((op) => op.operationId);
  const recorder = new Recorder(new Set(selectedIds));
  const transport = options.fetch ? fetchTransport(options.fetch) : nodeTransport();
  const http = new HttpClient(options.baseUrl, transport, options.timeout ?? 10_000);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const ctx = new RunContext(doc, all, new Set(selectedIds), http, recorder, responses, requests, seed);
  if (options.trace) ctx.trace = [];

  const phases: Record<string, number> = {};
  const timed = async (
    name: 'scenario' | 'examples' | 'access' | 'streams' | 'negative' | 'fuzz',
    work: () => Promise<void>,
  ) => {
    recorder.phase = name;
    const t = performance.now();
    await work();
    phases[name] = Math.round(performance.now() - t);
  };
  try {
    const concurrency = options.concurrency ?? 8;
    await timed('scenario', async () => {
      registerThirdUser(ctx);
      await Promise.all([runScenario(ctx, options.credentials), warmValidators(ctx)]);
      await runConditionalGets(ctx, concurrency);
    });
    await timed('examples', async () => {
      // First, before the run has created any account an example could name.
      await runExampleCredentials(ctx);
      if (options.examples !== false) await runExamples(ctx);
    });
    await timed('access', async () => {
      await runAccess(ctx);
      // The third user is spare once access is done: its reset links are tried, then a limit per user.
      await runResetLinks(ctx);
      await runLimitScope(ctx);
    });
    await timed('streams', () => runStreams(ctx, options.streamWait ?? 2000));
    if (!ctx.a?.token) {
      // Without a session every protected operation would show up as merely "not applicable".
      for (const op of selected.filter((o) => o.secured)) {
        for (const check of [
          'not_a_server_error',
          'response_schema_conformance',
          'positive_data_acceptance',
        ] as const) {
          recorder.add(skip(op.operationId, check, 'no signed-in user: register/login gave no token'));
        }
      }
    }
    await timed('negative', async () => {
      await runNegative(ctx, concurrency);
      await runProvocations(ctx, concurrency);
      await runStateProvocations(ctx);
      await runUploads(ctx);
    });
    const fuzz = options.fuzz ?? 50;
    if (fuzz > 0) await timed('fuzz', () => runFuzz(ctx, fuzz, concurrency));
    recorder.phase = 'scenario';
    const revoked = await logoutStep(ctx);
    recorder.phase = 'negative';
    const secured = selected.filter((op) => op.secured);
    if (revoked) {
      // Every request is built before any is sent, so a server that wrongly answers one cannot change the others.
      const probes = secured.map((op) => ({ op, base: baseRequest(ctx, op) }));
      await pool(probes, concurrency, async ({ op, base }) => {
        const ex = await ctx.call(op.operationId, { ...base, token: revoked });
        if (ex) recorder.add(ignoredAuth(op, ex, 'a token revoked by logout'));
      });
    } else {
      for (const op of secured) {
        recorder.add(skip(op.operationId, 'ignored_auth', 'revoked token not tested: logout did not succeed'));
      }
    }
    // Last: it deletes the spare user and uses up the second user's password windows.
    recorder.phase = 'scenario';
    await runAccountFlows(ctx);
  } catch (error) {
    if (error instanceof SignInError) {
      // Every later check needs a session; without one each would report the missing sign-in as its own failure.
      recorder.add({ operationId: '(sign-in)', severity: 'error', code: 'sign-in', message: error.message });
    } else if (error instanceof ConnectionError) {
      const diagnostic: Diagnostic = {
        operationId: '(connection)',
        severity: 'error',
        code: 'connection',
        message: error.message,
        request: error.request,
      };
      recorder.add(diagnostic);
    } else throw error;
  } finally {
    http.close();
  }

  const coverage = coverageOf(selected, {
    statuses: ctx.statuses,
    contentTypes: ctx.contentTypes,
    provoked: ctx.provoked,
    unreached: ctx.unreached,
  });
  if (recorder.errors.length === 0) recorder.add(coverage.operations.map(statusCoverage));
  const { cells, failures } = recorder.results(selectedIds);
  return {
    baseUrl: options.baseUrl,
    seed,
    durationMs: Math.round(performance.now() - started),
    phases,
    operations: selectedIds,
    cells,
    failures,
    errors: recorder.errors,
    passed: cells.filter((c) => c.status === 'pass').length,
    failed: cells.filter((c) => c.status === 'fail').length,
    skipped: cells.filter((c) => c.status === 'skip').length,
    known: 0,
    fixed: [],
    unimplemented: unimplemented(ctx, selectedIds),
    requests: http.requests,
    coverage,
    ...(ctx.trace ? { trace: ctx.trace } : {}),
  };
}

/** 0 all passed, 1 a check failed, 2 a usage, contract, connection or sign-in error. */
export function exitCode(result: Pick<ConformanceResult, 'failed' | 'errors'>): 0 | 1 | 2 {
  if (result.errors.length > 0) return 2;
  return result.failed > 0 ? 1 : 0;
}
