import type { Records } from '@cohort/openapi/recording';

/** Milliseconds drawn per request from [min, max]. */
export interface Range {
  min: number;
  max: number;
}

/** A scenario file as written (YAML or JSON), checked by `scenario.schema.json`. */
export interface ScenarioFile {
  $schema?: string;
  extends?: string;
  description?: string;
  seed?: SeedShape;
  latency?: number | string;
  errorRate?: number;
  status?: number;
  operations?: Record<string, { latency?: number | string; errorRate?: number; status?: number }>;
  stream?: { refuseRate?: number; status?: number; dropAfter?: number | string };
  /** A recorded flow whose writes are replayed at start (`password` and `identities` optional as written). */
  records?: Partial<Records> & Pick<Records, 'exchanges'>;
}

/** What the seed builds (see `shapeState`). */
export interface SeedShape {
  users?: number;
  /** `empty`: the demo account is brand new (nothing of its own yet). */
  account?: 'full' | 'empty';
  longChats?: number;
  chatMessages?: number;
  friends?: number;
  notifications?: number;
  savedLists?: number;
}

export interface OperationBehaviourSpec {
  latency?: Range;
  errorRate?: number;
  /** The status of a failure (503 when absent). */
  status?: number;
}

export interface StreamSpec {
  refuseRate?: number;
  status?: number;
  dropAfter?: Range;
}

/** A resolved scenario: a preset, or a file merged over the preset it extends. */
export interface Scenario {
  name: string;
  description: string;
  seed: SeedShape;
  latency?: Range;
  errorRate?: number;
  status?: number;
  operations: Record<string, OperationBehaviourSpec>;
  stream: StreamSpec;
  /** A scenario file's recorded flow, replayed onto a fresh state at start (never inherited from a preset). */
  records?: Records;
}

/** What one request of an operation meets: plain data, applied by the adapter (Express today). */
export interface Behaviour {
  /** Milliseconds to wait before handling (0: none). */
  delayMs: number;
  /** Answer this error instead of handling (the contract's error envelope). */
  fail?: { status: number; message: string };
  /** An event stream: cut the connection this many ms after it opens. */
  dropAfterMs?: number;
}

/** The hook the dispatcher calls once per request of a known operation. */
export type BehaviourFor = (operationId: string) => Behaviour;
