#!/usr/bin/env node
// Copy-paste in the web app's source, tests apart: jscpd finds runs of six or more lines alike, and this
// fails when it finds LIMIT of them or more (jscpd's own threshold is a percentage, not a count).
// "Alike" is strict: literals may differ (the same shape filled with other strings or numbers counts), and
// any 20 tokens make a run, not jscpd's default 50 (short JSX and style lines are copies too). Import
// statements are skipped: their module names are literals, so any two lists of imports would look alike.
// Run by `pnpm lint`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Lowered as copies go; a new copy means making the repeated piece once, not raising this.
const LIMIT = 40;
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const jscpd = createRequire(import.meta.url).resolve('jscpd/run-jscpd.js');
const out = mkdtempSync(join(tmpdir(), 'cohort-jscpd-'));
try {
  const run = spawnSync(
    process.execPath,
    [
      jscpd,
      '--min-lines',
      '6',
      '--min-tokens',
      '20',
      '--ignore-literals',
      '--ignore-pattern',
      'import\\s[^;]*;',
      '--format',
      'typescript,tsx',
      '--ignore',
      '**/__tests__/**,**/*.test.*,**/test/**',
      '--reporters',
      'json,silent',
      '--output',
      out,
      src,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
  const { duplicates } = JSON.parse(readFileSync(join(out, 'jscpd-report.json'), 'utf8'));
  const where = (f) => `${f.name}:${f.start}-${f.end}`;
  if (duplicates.length >= LIMIT) {
    for (const d of duplicates) console.error(`${where(d.firstFile)} ~ ${where(d.secondFile)} (${d.lines} lines)`);
    console.error(`check-duplicates: ${duplicates.length} copied blocks in apps/web/src; fewer than ${LIMIT} allowed`);
    process.exit(1);
  }
  console.log(`check-duplicates: ${duplicates.length} copied blocks in apps/web/src (fewer than ${LIMIT} allowed)`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
