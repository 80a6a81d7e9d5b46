import type { OpenApiDocument } from '@cohort/openapi';
import type { TraceStep } from './compare.ts';

/** Check names as Schemathesis names them, so teams recognise them. */
export const CHECK_NAMES = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
  'negative_data_rejection',
  'positive_data_acceptance',
  'example_acceptance',
  'example_credentials',
  'ignored_auth',
  'use_after_free',
  'ensure_resource_availability',
  'unsupported_method',
  'access_control',
  'status_coverage',
  'stream_conformance',
  'upload_conformance',
  'rate_limit_per_user',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export type Severity = 'pass' | 'fail' | 'skip' | 'error';

export interface RequestRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** The raw body when it is not JSON (e.g. a deliberately broken one). */
  rawBody?: string;
}

export interface ResponseRecord {
  status: number;
  contentType: string;
  headers: Record<string, string>;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json?: unknown;
  text: string;
  durationMs: number;
}

export interface Exchange {
  request: RequestRecord;
  response: ResponseRecord;
}

/**
 * One finding. `pass` records that a check ran and held (so the table can tell a pass from a
 * check that never ran), `skip` why it could not run, `fail` a difference, `error` a connection,
 * usage or contract problem.
 */
export interface Diagnostic {
  operationId: string;
  severity: Severity;
  code: CheckName | 'connection' | 'sign-in' | 'usage' | 'contract';
  message: string;
  /** JSON pointer into the body, or the contract location that was broken. */
  schemaPath?: string;
  expected?: unknown;
  actual?: unknown;
  request?: RequestRecord;
  response?: { status: number; contentType: string; body: string };
  curl?: string;
  phase?: 'scenario' | 'examples' | 'access' | 'streams' | 'negative' | 'fuzz';
}

export type Include = 'core' | 'proposed' | 'all';

export interface Credentials {
  email: string;
  password: string;
  university: string;
}

export interface ConformanceOptions {
  baseUrl: string;
  /** A path or an http(s) URL of an OpenAPI file, or an already loaded document; default the Cohort contract (bundled). */
  contract?: string | OpenApiDocument;
  include?: Include;
  /** Sign in as this user instead of registering a fresh one. */
  credentials?: Credentials;
  /** Only these operationIds. */
  operations?: string[];
  /** Fuzz cases per operation (0 turns fuzzing off). */
  fuzz?: number;
  seed?: number;
  /** Per-request timeout in ms. */
  timeout?: number;
  fetch?: typeof fetch;
  /** Parallel requests in the fuzz phase. */
  concurrency?: number;
  /** How long to listen to an event stream for provoked events and its keep-alive, in ms (default 2000). */
  streamWait?: number;
  /** Keep every answer as a step in `trace`, to compare two servers (`--compare-with`). */
  trace?: boolean;
  /** Send the contract's request examples (default true; they expect a freshly seeded server). */
  examples?: boolean;
}

export interface CellResult {
  operationId: string;
  check: CheckName;
  status: 'pass' | 'fail' | 'skip';
  /** Why it was skipped, or how many times it held. */
  reason?: string;
  runs: number;
  /** A failure listed in the baseline: reported, but not counted as failed. */
  known?: boolean;
}

export interface ConformanceResult {
  baseUrl: string;
  seed: number;
  durationMs: number;
  /** Milliseconds per phase (scenario, negative, fuzz), for the benchmark. */
  phases: Record<string, number>;
  operations: string[];
  cells: CellResult[];
  /** Failures, once per (check, operation, schema path). */
  failures: Diagnostic[];
  /** Connection, usage or contract errors. */
  errors: Diagnostic[];
  passed: number;
  /** Failed cells not in the baseline. */
  failed: number;
  skipped: number;
  /** Failed cells the baseline lists. */
  known: number;
  /** Operations that answered only 404/405: probably not implemented (their failures follow from that). */
  unimplemented: string[];
  /** Baseline entries that now pass: they can be removed from the file. */
  fixed: { check: string; operationId: string }[];
  requests: number;
  /** Every answer as a step, when `trace` was asked for. */
  trace?: TraceStep[];
  /** Per operation, which declared statuses the run observed (304, 408, 413, 429, 431, 503 optional). */
  coverage: Coverage;
}

export interface StatusCoverage {
  status: string;
  /** How many answers of the run had this status. */
  observed: number;
  /** Needs a fault to provoke: never a finding, not counted. */
  optional: boolean;
  /** What the run sent to provoke it, when it did (an unknown id, a taken e-mail). */
  provokedBy?: string;
  /** Never observed and not provoked: why the run sends nothing that would return it. */
  reason?: string;
  /** Declared content types, and the ones the run saw with this status. */
  declaredTypes: string[];
  observedTypes: string[];
}

export interface OperationCoverage {
  operationId: string;
  /** False when the run never got any answer from it (then its statuses are not findings). */
  exercised: boolean;
  statuses: StatusCoverage[];
  /** Declared non-optional statuses, and how many of them were observed. */
  required: number;
  covered: number;
}

export interface Coverage {
  operations: OperationCoverage[];
  required: number;
  covered: number;
  /** covered / required (1 when nothing is required). */
  ratio: number;
}
