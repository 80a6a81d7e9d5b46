import type { HttpMethod } from '@cohort/openapi';

/** What changed, named the way an allow file names it. */
export const DIFF_RULES = [
  'path-removed',
  'operation-removed',
  'parameter-removed',
  'required-parameter-added',
  'parameter-became-required',
  'request-body-became-required',
  'media-type-removed',
  'event-removed',
  'response-status-removed',
  'request-field-removed',
  'response-field-removed',
  'response-field-became-optional',
  'required-field-added',
  'field-became-required',
  'type-narrowed',
  'type-widened',
  'enum-narrowed',
  'enum-widened',
  'limit-tightened',
  'limit-loosened',
  'pattern-changed',
  'security-changed',
  'security-removed',
  'path-added',
  'operation-added',
  'parameter-added',
  'field-added',
  'response-status-added',
  'media-type-added',
  'event-added',
] as const;
export type DiffRule = (typeof DIFF_RULES)[number];

/** Which way data flows where the change is: the client sends it (request) or reads it (response). */
export type Side = 'request' | 'response';

export interface DiffChange {
  /** The operation the change is reached from (`get /api/v1/users/me` when it has no operationId). */
  operationId: string;
  method?: HttpMethod;
  path?: string;
  severity: 'breaking' | 'non-breaking';
  code: DiffRule;
  message: string;
  /** JSON pointer in the base document (removals) or the head document (everything else), taken
   * through the operation: `/paths/~1api~1v1~1login/post/requestBody/content/application~1json/schema/properties/email`. */
  pointer: string;
  /** Where the changed schema is written when a `$ref` was followed (`/components/schemas/Note/properties/body`). */
  location?: string;
  side?: Side;
  before?: unknown;
  after?: unknown;
  /** The allow-file reason when this breaking change is accepted. */
  allowed?: string;
  /** `file:line` of each call in the scanned app that reaches this operation. */
  usedBy?: string[];
}

export interface DiffResult {
  base: string;
  head: string;
  changes: DiffChange[];
  /** Allow-file entries that matched no breaking change (can be removed). */
  unusedAllowances: string[];
  /** Set when `--used-by` was given: the directory scanned and how many calls it found. */
  usedBy?: { dir: string; calls: number };
}

/** Breaking changes that no allow-file entry accepts: each one fails the run. */
export function unallowedBreaking(result: DiffResult): DiffChange[] {
  return result.changes.filter((c) => c.severity === 'breaking' && c.allowed === undefined);
}

export function diffExitCode(result: DiffResult): number {
  return unallowedBreaking(result).length > 0 ? 1 : 0;
}
