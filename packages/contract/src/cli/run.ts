import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applyBaseline, readBaseline, writeBaseline } from '../baseline.ts';
import { compareTraces, renderComparison } from '../compare.ts';
import { checkBaseUrl, exitCode, runConformance, UsageError } from '../index.ts';
import { renderHtml } from '../reporters/html.ts';
import { renderJson } from '../reporters/json.ts';
import { renderJunit } from '../reporters/junit.ts';
import { renderMarkdown } from '../reporters/markdown.ts';
import { renderText } from '../reporters/text.ts';
import type { ConformanceOptions, Include } from '../types.ts';

const USAGE = `usage: cohort-contract --base-url URL [options]
       cohort-contract diff <base> <head> [--allow FILE] [--used-by DIR] [--json|--markdown]
       cohort-contract replay FILE --base-url URL [--password P] [--json]

Checks a server against openapi/openapi.yaml, operation by operation.

  --base-url URL             the server to check (required)
  --contract PATH|URL        another OpenAPI file, or its http(s) URL (default: the bundled Cohort contract)
  --include core|proposed|all  which operations (default core)
  --operations ID,ID         only these operationIds
  --email E --password P --university U
                             sign in as this user (default: register a fresh one)
  --fuzz N                   generated cases per operation (default 50, 0 = off)
  --seed N                   fuzz seed, to reproduce a run (printed in the header)
  --timeout MS               per-request timeout (default 10000)
  --concurrency N            parallel fuzz requests (default 8)
  --skip-examples            do not send the contract's request examples (they expect a freshly seeded server)
  --report FILE              write a report, its format by the extension: .html a self-contained page
                             (status coverage, failures), .md Markdown (a CI job summary), .xml JUnit;
                             repeat for several
  --compare-with URL         run the same against a second server and list the steps it answers
                             differently (status, 422 error fields, list sizes); exit 1 if any
  --stream-wait MS           listen to each event stream this long for its events and keep-alive (default 2000)
  --min-coverage R           exit 1 when fewer than R (0..1) of the declared statuses were observed
  --json                     print the result as JSON instead of the text report
  --baseline FILE            known failures (check + operation) that do not fail the run
  --write-baseline FILE      write the current failures as a baseline
  -h, --help

exit code: 0 all passed, 1 a check failed, 2 usage, contract or connection error`;

const REPORTERS = { html: renderHtml, markdown: renderMarkdown, junit: renderJunit };

/** A report's format follows its file's extension; any other is a usage error, before the run. */
function reportFormat(file: string): keyof typeof REPORTERS {
  if (/\.html?$/i.test(file)) return 'html';
  if (/\.(md|markdown)$/i.test(file)) return 'markdown';
  if (/\.xml$/i.test(file)) return 'junit';
  throw new UsageError(`--report ${file}: the name must end in .html (HTML), .md (Markdown) or .xml (JUnit)`);
}

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be an integer >= ${min}: ${value}`);
  return n;
}

/** `cohort-contract --base-url …`: the conformance run. */
export async function runMain(args: string[]): Promise<number> {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        contract: { type: 'string' },
        include: { type: 'string', default: 'core' },
        operations: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        university: { type: 'string' },
        fuzz: { type: 'string' },
        seed: { type: 'string' },
        timeout: { type: 'string' },
        concurrency: { type: 'string' },
        report: { type: 'string', multiple: true },
        'min-coverage': { type: 'string' },
        'stream-wait': { type: 'string' },
        'compare-with': { type: 'string' },
        json: { type: 'boolean', default: false },
        'skip-examples': { type: 'boolean', default: false },
        baseline: { type: 'string' },
        'write-baseline': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const baseUrl = values['base-url'];
    if (typeof baseUrl !== 'string') throw new UsageError('--base-url is required');
    checkBaseUrl(baseUrl);
    const include = values.include as Include;
    if (!['core', 'proposed', 'all'].includes(include)) throw new UsageError(`--include must be core, proposed or all`);
    const { email, password, university } = values;
    const given = [email, password, university].filter((v) => v !== undefined).length;
    if (given !== 0 && given !== 3) throw new UsageError('--email, --password and --university go together');
    let baseline: ReturnType<typeof readBaseline> | undefined;
    try {
      if (typeof values.baseline === 'string') baseline = readBaseline(values.baseline);
    } catch (error) {
      throw new UsageError(`cannot use the baseline: ${(error as Error).message}`);
    }
    const options: ConformanceOptions = {
      baseUrl,
      include,
      ...(values['skip-examples'] ? { examples: false } : {}),
      ...(typeof values.contract === 'string' ? { contract: values.contract } : {}),
      ...(typeof values.operations === 'string'
        ? {
            operations: values.operations
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          }
        : {}),
      ...(given === 3
        ? { credentials: { email: String(email), password: String(password), university: String(university) } }
        : {}),
    };
    const minRaw = values['min-coverage'] as string | undefined;
    const minCoverage = minRaw === undefined ? undefined : Number(minRaw);
    if (minCoverage !== undefined && !(minCoverage >= 0 && minCoverage <= 1)) {
      throw new UsageError(`--min-coverage must be a number from 0 to 1: ${minRaw}`);
    }
    const fuzz = integer('fuzz', values.fuzz as string | undefined, 0);
    const seed = integer('seed', values.seed as string | undefined, 0);
    const timeout = integer('timeout', values.timeout as string | undefined, 1);
    const concurrency = integer('concurrency', values.concurrency as string | undefined, 1);
    if (fuzz !== undefined) options.fuzz = fuzz;
    if (seed !== undefined) options.seed = seed;
    if (timeout !== undefined) options.timeout = timeout;
    if (concurrency !== undefined) options.concurrency = concurrency;
    const streamWait = integer('stream-wait', values['stream-wait'] as string | undefined, 1);
    if (streamWait !== undefined) options.streamWait = streamWait;

    const reports = (values.report as string[] | undefined) ?? [];
    for (const file of reports) reportFormat(file);
    const compareWith = values['compare-with'] as string | undefined;
    if (compareWith !== undefined) {
      checkBaseUrl(compareWith);
      options.trace = true;
    }
    let result = await runConformance(options);
    const other = compareWith ? await runConformance({ ...options, baseUrl: compareWith }) : undefined;
    const differences = other ? compareTraces(result.trace ?? [], other.trace ?? []) : [];
    if (typeof values['write-baseline'] === 'string') writeBaseline(values['write-baseline'], result);
    if (baseline) result = applyBaseline(result, baseline);
    for (const file of reports) writeFileSync(file, REPORTERS[reportFormat(file)](result));
    const { trace: _trace, ...shown } = result;
    if (values.json) {
      process.stdout.write(
        renderJson(other ? ({ ...shown, comparison: { baseUrl: compareWith, differences } } as typeof result) : shown),
      );
    } else {
      process.stdout.write(renderText(result));
      if (other && compareWith) process.stdout.write(`\n${renderComparison(baseUrl, compareWith, differences)}`);
    }
    let code = exitCode(result);
    if (other && code === 0) code = exitCode(other) === 2 ? 2 : differences.length > 0 ? 1 : 0;
    if (minCoverage !== undefined && result.coverage.ratio < minCoverage && code === 0) {
      process.stderr.write(
        `cohort-contract: status coverage ${result.coverage.ratio.toFixed(3)} is below --min-coverage ${minCoverage}\n`,
      );
      return 1;
    }
    return code;
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as NodeJS.ErrnoException).code === 'ENOENT' ||
      error instanceof SyntaxError
    ) {
      process.stderr.write(`cohort-contract: ${(error as Error).message}\n`);
      return 2;
    }
    process.stderr.write(`cohort-contract: internal error: ${(error as Error).stack ?? String(error)}\n`);
    return 2;
  }
}
