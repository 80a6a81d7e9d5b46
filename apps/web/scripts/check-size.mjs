#!/usr/bin/env node
// The size budget: the JavaScript a first visit to /login downloads (the entry chunk, its static
// imports, and the login route's lazy chunk with its static imports), gzipped, must stay at or under 150 KB.
// And the mock engine (with faker) is only in the offline builds: no chunk of this build carries it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const LOGIN_MODULE = 'src/app/routes/login.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('check-size: dist/.vite/manifest.json not found; run `vite build` first.');
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('check-size: the manifest has no entry chunk');
if (!manifest[LOGIN_MODULE]) throw new Error(`check-size: ${LOGIN_MODULE} is not a chunk of its own`);

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const keys = new Set([...closure(entryKey), ...closure(LOGIN_MODULE)]);
const files = [...new Set([...keys].map((key) => manifest[key].file))].filter((f) => f.endsWith('.js'));
let total = 0;
for (const file of files) {
  const gz = gzipSync(readFileSync(join(dist, file))).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
// Text each survives minification with: the engine's session cookie pattern, faker's name.
const MOCK_MARKERS = ['mock_session', 'faker'];
const withMock = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .filter((f) => MOCK_MARKERS.some((marker) => readFileSync(join(dist, 'assets', f), 'utf8').includes(marker)));
if (withMock.length > 0) {
  console.error(
    `check-size: the mock engine is in the normal build (${withMock.join(', ')}); it belongs to build:demo only.`,
  );
  process.exit(1);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  JavaScript loaded by /login, gzip (${verdict} the 150 KB budget)`,
);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
