import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuiltJson, writeBuiltJson } from '../src/lib/built-file.ts';
import { type SeedOptions, seedState } from '../src/seed/index.ts';
import type { State } from '../src/store/types.ts';

// A seed is a pure function of its options, the code and the year (graduation years count from it), so
// test files and servers that ask for the same options read the one made first from a file, as a
// built start reads its default seed. Any change under src/ gives every seed a new key.
const appDir = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = join(appDir, 'node_modules', '.cache', 'test-seeds');

let codeDigest: string | undefined;
function code(): string {
  if (codeDigest) return codeDigest;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path}\0`).update(readFileSync(path)).update('\0');
    }
  };
  walk(join(appDir, 'src'));
  codeDigest = hash.digest('hex');
  return codeDigest;
}

/** `seedState(options)`, each call a new copy (the store changes it in place), made once per key. */
export function cachedSeed(options: SeedOptions): State {
  const header = { code: code(), year: new Date().getUTCFullYear(), options };
  const key = createHash('sha256').update(JSON.stringify(header)).digest('hex').slice(0, 32);
  const file = join(cacheDir, `${key}.json`);
  const same = (h: unknown) => JSON.stringify(h) === JSON.stringify(header);
  const cached = readBuiltJson<unknown, State>(file, same);
  if (cached) return cached;
  const state = seedState(options);
  // Written aside and renamed, so a file running at the same time never reads half of it.
  mkdirSync(cacheDir, { recursive: true });
  const part = `${file}.${process.pid}.part`;
  writeBuiltJson(part, header, state);
  renameSync(part, file);
  // What the store gets is the file's copy, as every later call's: one shape whatever the order.
  return readBuiltJson<unknown, State>(file, same) ?? state;
}
