#!/usr/bin/env node
// Import boundaries of the web app, one way: shared → features → app, so a feature can be read alone.
// A feature (src/features/<area>/) imports only shared code (components/, lib/, config/, styles/)
// and its own files: never another feature or the app (router, routes, shell). Shared code imports
// no feature and not the app. Tests (`__tests__/`) follow the folder they sit in. Anywhere in src/, an
// import climbs at most two folders: past that it is written from the root with the `@/` alias.
// Run by `pnpm lint`; test/check-imports.test.ts proves it bites.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = ['components', 'lib', 'config', 'styles', 'test'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `files`: path relative to src/ → source text. Returns one line per forbidden import. */
export function findViolations(files) {
  const problems = [];
  for (const [path, text] of Object.entries(files)) {
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (spec?.startsWith('../../../')) {
        problems.push(`src/${path}: imports ${spec}, climbing three or more folders; write it as @/…`);
      }
    }
    const parts = path.split('/');
    // Test helpers (test/) render the whole app, so they are not held to the shared rule.
    const shared = SHARED.includes(parts[0]) && parts[0] !== 'test' && !path.includes('__tests__/');
    if (!shared && (parts[0] !== 'features' || parts.length < 3)) continue;
    const area = parts[1];
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      // `@/x` is `src/x` (the path alias); anything else not relative is a package.
      let target;
      if (spec?.startsWith('@/')) target = spec.slice(2);
      else if (spec?.startsWith('.')) target = join(dirname(path), spec).split(sep).join('/');
      else continue;
      const [top, second] = target.split('/');
      const what = top === 'features' ? `feature "${second}"` : `src/${top}/`;
      if (shared) {
        if (top === 'features' || top === 'app') {
          problems.push(`src/${path}: imports ${spec} (${what}); shared code imports no feature and not the app`);
        }
        continue;
      }
      if (top === 'features' && second === area) continue;
      if (SHARED.includes(top)) continue;
      problems.push(
        `src/${path}: imports ${spec} (${what}); a feature imports only components/, lib/, config/ and its own files`,
      );
    }
  }
  return problems;
}

function readTree(root, dir = root, out = {}) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) readTree(root, full, out);
    else if (/\.(ts|tsx)$/.test(name)) out[relative(root, full).split(sep).join('/')] = readFileSync(full, 'utf8');
  }
  return out;
}

export function checkTree(src) {
  return findViolations(readTree(src));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const problems = checkTree(src);
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
  console.log('check-imports: features import only shared code and their own files');
}
