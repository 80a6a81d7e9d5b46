// Rewrites the flag table in apps/mock/README.md from FLAGS in src/options.ts, the flags' one source:
// `pnpm --filter @cohort/mock docs:flags`. test/flags.test.ts fails while the table is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flagTable } from '../src/options.ts';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- flags:start (made from src/options.ts by `pnpm --filter @cohort/mock docs:flags`) -->';
const END = '<!-- flags:end -->';

/** The README with the text between the markers replaced by the table FLAGS makes. */
export function withFlagTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no "${START}" … "${END}" markers`);
  return `${readme.slice(0, start + START.length)}\n${flagTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const before = readFileSync(README, 'utf8');
  const after = withFlagTable(before);
  if (after !== before) writeFileSync(README, after);
  console.log(after === before ? 'README.md: the flag table is up to date' : 'README.md: flag table rewritten');
}
