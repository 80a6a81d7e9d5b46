import type { Journal } from './journal.ts';
import type { Overrides } from './overrides.ts';
import type { Recordings } from './recorder.ts';
import type { ResponseChecker } from './response-check.ts';
import type { UpstreamReport } from './upstream-report.ts';
import type { Violations } from './violations.ts';

/** The testing tools one engine carries (overrides, journal, drift alarm); the engine's pipeline wires them in. */
export interface MockTools {
  checker: ResponseChecker;
  overrides: Overrides;
  journal: Journal;
  /** `/__mock/recordings`: sessions' exchanges recorded at the same point as the journal's. */
  recordings: Recordings;
  violations: Violations;
  /** The drift alarm: off, log (and list) violations, or also answer them as a 500. */
  checkResponses: 'off' | 'log' | 'strict';
  /** With `--upstream`: who answered each operation; none otherwise. */
  upstream?: UpstreamReport;
  now: () => Date;
  /** `now()` in epoch milliseconds. */
  nowMs: () => number;
}
