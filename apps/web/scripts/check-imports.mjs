#!/usr/bin/env node
// Import boundaries of the web app (DESIGN "Target layout"): a feature (src/features/<area>/) imports
// only shared code (components/, lib/, config/, and ui/ and styles/ until they move under
// components/) and its own files: never another feature, a route screen or the app shell.
// Run by `pnpm lint`; test/check-imports.test.ts proves it bites.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = ['components', 'lib', 'config', 'ui', 'styles', 'test'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `files`: path relative to src/ → source text. Returns one line per forbidden import. */
export function findViolations(files) {
  const problems = [];
  for (const [path, text] of Object.entries(files)) {
    const parts = path.split('/');
    if (parts[0] !== 'features' || parts.length < 3) continue;
    const area = parts[1];
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (!spec?.startsWith('.')) continue;
      const target = join(dirname(path), spec).split(sep).join('/');
      const [top, second] = target.split('/');
      if (top === 'features' && second === area) continue;
      if (SHARED.includes(top)) continue;
      problems.push(
        `src/${path}: imports ${spec} (${top === 'features' ? `feature "${second}"` : `src/${top}/`}); a feature imports only components/, lib/, config/ and its own files`,
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
