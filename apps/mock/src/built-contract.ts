import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from '@cohort/openapi';

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
  writeFileSync(file, `${JSON.stringify({ contract: digest(text) })}\n${JSON.stringify(doc)}`);
}

/** The contract built beside the module at `moduleUrl`, when it was parsed from exactly `text`. */
export function readBuiltContract(moduleUrl: string, text: string): OpenApiDocument | undefined {
  const file = fileURLToPath(new URL(BUILT_CONTRACT_FILE, moduleUrl));
  if (!existsSync(file)) return undefined;
  try {
    const built = readFileSync(file, 'utf8');
    const end = built.indexOf('\n');
    const header = JSON.parse(built.slice(0, end)) as { contract?: unknown };
    if (header.contract !== digest(text)) return undefined;
    return JSON.parse(built.slice(end + 1)) as OpenApiDocument;
  } catch {
    // A damaged copy is only a missed shortcut: the YAML is parsed.
    return undefined;
  }
}
