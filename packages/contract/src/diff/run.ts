import { loadContract, type OpenApiDocument } from '@cohort/openapi';
import { type Allowance, applyAllowances } from './allow.ts';
import { diffContracts } from './compare.ts';
import type { DiffResult } from './types.ts';
import { markUsedBy, scanCalls } from './used-by.ts';

export class DiffInputError extends Error {}

export interface DiffOptions {
  base: string;
  head: string;
  allowances?: Allowance[];
  /** An app directory whose source is scanned for API calls (`apps/web`). */
  usedBy?: string;
}

/** Reads a contract (YAML or JSON) and refuses anything that is not an OpenAPI document. */
export function readContract(path: string): OpenApiDocument {
  let doc: unknown;
  try {
    doc = loadContract(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DiffInputError(
      code
        ? `cannot read ${path}: ${(error as Error).message}`
        : `${path} is not YAML or JSON: ${(error as Error).message}`,
    );
  }
  if (typeof doc !== 'object' || doc === null || typeof (doc as { openapi?: unknown }).openapi !== 'string')
    throw new DiffInputError(`${path} is not an OpenAPI document (no \`openapi\` version)`);
  return doc as OpenApiDocument;
}

export function runDiff(options: DiffOptions): DiffResult {
  const base = readContract(options.base);
  const head = readContract(options.head);
  let changes = diffContracts(base, head);
  let usedBy: DiffResult['usedBy'];
  if (options.usedBy !== undefined) {
    let calls: ReturnType<typeof scanCalls>;
    try {
      calls = scanCalls(options.usedBy);
    } catch (error) {
      throw new DiffInputError(`cannot scan --used-by ${options.usedBy}: ${(error as Error).message}`);
    }
    changes = markUsedBy(changes, calls);
    usedBy = { dir: options.usedBy, calls: calls.length };
  }
  const allowed = applyAllowances(changes, options.allowances ?? []);
  return {
    base: options.base,
    head: options.head,
    changes: allowed.changes,
    unusedAllowances: allowed.unused,
    ...(usedBy ? { usedBy } : {}),
  };
}
