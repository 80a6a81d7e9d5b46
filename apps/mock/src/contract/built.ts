import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from '@cohort/openapi';
import { readBuiltJson, writeBuiltJson } from '../lib/built-file.ts';

/**
 * The contract as parsed when the mock was built, beside the bundle: parsing openapi.yaml (YAML)
 * takes about a tenth of a second at every start, reading the same document as JSON a few
 * milliseconds. Its first line names the text it was parsed from (SHA-256 of openapi.yaml), so a
 * start still reads the contract file and uses the parsed copy only while that file is unchanged;
 * an edited contract, a missing or damaged copy, or a start from the TypeScript source parse the
 * YAML as before.
 */
export const BUILT_CONTRACT_FILE = 'contract.json';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes `doc`, parsed from `text`, to `file`. */
export function writeBuiltContract(file: string, text: string, doc: OpenApiDocument): void {
  writeBuiltJson(file, { contract: digest(text) }, doc);
}

/** The contract built beside the module at `moduleUrl`, when it was parsed from exactly `text`. */
export function readBuiltContract(moduleUrl: string, text: string): OpenApiDocument | undefined {
  return readBuiltJson<{ contract?: unknown }, OpenApiDocument>(
    fileURLToPath(new URL(BUILT_CONTRACT_FILE, moduleUrl)),
    (header) => header.contract === digest(text),
  );
}
