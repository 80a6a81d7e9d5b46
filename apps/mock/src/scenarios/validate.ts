import type { Operation } from '@cohort/openapi';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import schema from '../../scenario.schema.json' with { type: 'json' };

export { schema as scenarioSchema };

/**
 * The scenario file schema, compiled when the first scenario is checked: compiling it (and the
 * JSON Schema meta-schema Ajv checks it against) took a tenth of every start, scenario or not.
 */
let compiledShape: ValidateFunction | undefined;
const shapeValidator = (): ValidateFunction =>
  (compiledShape ??= new Ajv2020({ allErrors: true, strict: false, verbose: true }).compile(schema));

/** Event-stream operations: their behaviour is the scenario's `stream`, not `operations`. */
export const STREAM_OPERATIONS = new Set(['streamMe', 'streamChannel']);

/** `/operations/getMe/latency` → `operations.getMe.latency`. */
function dotted(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/** The closest of `names` to `name`, when close enough to be a typo. */
export function closest(name: string, names: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of names) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

const hint = (name: string, names: Iterable<string>): string => {
  const near = closest(name, names);
  return near ? ` (did you mean ${near}?)` : '';
};

function describe(error: ErrorObject): string | undefined {
  const at = dotted(error.instancePath);
  const where = at ? `${at}: ` : '';
  // A oneOf's branches each fail; the oneOf itself says it once, in words.
  if (error.schemaPath.includes('/oneOf/')) return undefined;
  if (error.keyword === 'oneOf') return `${where}must be milliseconds (0–60000) or a range "min-max"`;
  if (error.keyword === 'additionalProperties') {
    const key = String((error.params as { additionalProperty: string }).additionalProperty);
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    return `${at ? `${at}.` : ''}${key}: unknown key${hint(key, known)}`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ');
    return `${where}must be one of ${allowed}`;
  }
  if (error.keyword === 'if' || error.keyword === 'not') return undefined;
  return `${where}${error.message ?? 'is invalid'}`;
}

/** A response status an operation declares: exact, its range (`5XX`), or `default`. */
function declares(operation: Operation, status: number): boolean {
  const responses = operation.responses as Record<string, unknown>;
  return `${status}` in responses || `${String(status)[0]}XX` in responses || 'default' in responses;
}

function rangeProblem(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !/^\s*\d+\s*-\s*\d+\s*$/.test(raw)) return undefined;
  const [min, max] = raw.split('-').map((n) => Number(n.trim()));
  if (min !== undefined && max !== undefined && max < min) return `${max} is less than ${min}`;
  if ((max ?? 0) > 60_000) return 'at most 60000 ms';
  return undefined;
}

/**
 * Checks a scenario as written: the schema first (every unknown key named, with the nearest known
 * one), then what a schema cannot say: each `operations` key is an operationId of the contract,
 * each failure status is one that operation declares, each range runs low to high.
 */
export function validateScenario(raw: unknown, operations: readonly Operation[]): string[] {
  const validateShape = shapeValidator();
  const shape = validateShape(raw) ? [] : (validateShape.errors ?? []).flatMap((e) => describe(e) ?? []);
  return [...shape, ...contractProblems(raw, operations)];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStatus = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 400 && (v as number) <= 599;

/** What the schema cannot say; run on whatever is well-formed enough, so one pass names every problem. */
function contractProblems(raw: unknown, operations: readonly Operation[]): string[] {
  if (!isRecord(raw)) return [];
  const problems: string[] = [];
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const range = (at: string, value: unknown) => {
    const problem = rangeProblem(value);
    if (problem) problems.push(`${at}: ${problem}`);
  };
  range('latency', raw.latency);
  const status = raw.status;
  if (isStatus(status)) {
    const refusing = operations.filter((op) => !declares(op, status)).map((op) => op.operationId);
    if (refusing.length > 0) {
      problems.push(
        `status: ${status} is not declared by every operation (not by ${refusing.slice(0, 3).join(', ')}${refusing.length > 3 ? ', …' : ''}); use 500–599 or set it per operation`,
      );
    }
  }
  for (const [id, spec] of Object.entries(isRecord(raw.operations) ? raw.operations : {})) {
    const operation = byId.get(id);
    if (!operation) {
      problems.push(`operations.${id}: not an operation of the contract${hint(id, byId.keys())}`);
      continue;
    }
    if (STREAM_OPERATIONS.has(id)) {
      problems.push(`operations.${id}: an event stream; shape it under "stream"`);
      continue;
    }
    if (!isRecord(spec)) continue;
    range(`operations.${id}.latency`, spec.latency);
    if (isStatus(spec.status) && !declares(operation, spec.status)) {
      const declared = Object.keys(operation.responses).join(', ');
      problems.push(`operations.${id}.status: ${spec.status} is not declared by ${id} (declared: ${declared})`);
    }
  }
  const records = isRecord(raw.records) ? raw.records : {};
  const exchanges = Array.isArray(records.exchanges) ? records.exchanges : [];
  exchanges.forEach((exchange: unknown, i) => {
    if (!isRecord(exchange) || typeof exchange.operationId !== 'string' || byId.has(exchange.operationId)) return;
    problems.push(
      `records.exchanges.${i}.operationId: not an operation of the contract${hint(exchange.operationId, byId.keys())}`,
    );
  });
  const stream = isRecord(raw.stream) ? raw.stream : {};
  range('stream.dropAfter', stream.dropAfter);
  if (isStatus(stream.status)) {
    for (const id of STREAM_OPERATIONS) {
      const operation = byId.get(id);
      if (operation && !declares(operation, stream.status)) {
        problems.push(`stream.status: ${stream.status} is not declared by ${id}`);
      }
    }
  }
  return problems;
}
