import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const ENTRY = resolve(here, '../src/engine/index.ts');
/** The routes, which the adapters hand to the engine (it never imports them). */
const ROUTES = resolve(here, '../src/routes/index.ts');
/** The seed too: a browser build seeds its own state. */
const SEED = resolve(here, '../src/seed/index.ts');
/** The browser adapter (`pnpm dev:offline`, the static demo): the engine, the seed, MSW and IndexedDB. */
const BROWSER = resolve(here, '../src/adapters/browser.ts');
/** Workspace packages the engine may use, by the file each specifier names. */
const WORKSPACE: Record<string, string> = {
  '@cohort/openapi/schema': resolve(here, '../../../openapi/src/schema.ts'),
};
const FORBIDDEN = new Set(['express', 'better-sqlite3', 'sharp', 'busboy', 'cors', 'express-rate-limit', 'file-type']);
const BUILTINS = new Set(builtinModules);
/** Runtime imports and re-exports; `import type` and `export type` are erased, so they do not count. */
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
/** Node globals a browser lacks. */
const NODE_GLOBAL = /^(?!\s*(?:\/\/|\*|\/\*)).*(?<![.\w])(Buffer\.|process\.|require\(['"]|__dirname|setImmediate\()/m;

/** Every module the engine's entry reaches at run time, and every bare package among them. */
function walk(entry: string): { files: string[]; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(IMPORT)) {
      if (!spec) continue;
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec));
      else if (WORKSPACE[spec]) queue.push(WORKSPACE[spec]);
      else packages.set(spec, file);
    }
  }
  return { files: [...files], packages };
}

describe('the engine core and the seed', () => {
  const core = walk(ENTRY);
  const routes = walk(ROUTES);
  const engine = {
    files: [...new Set([...core.files, ...routes.files])],
    packages: new Map([...core.packages, ...routes.packages]),
  };
  const seed = walk(SEED);
  const files = [...new Set([...engine.files, ...seed.files])];
  const packages = new Map([...engine.packages, ...seed.packages]);

  it('reaches the whole request path (routes, store, seedless core)', () => {
    const names = engine.files.map((f) => f.slice(f.indexOf('/src/') + 5));
    expect(names).toEqual(
      expect.arrayContaining(['engine/core.ts', 'routes/notes.ts', 'store/store.ts', 'engine/dispatch.ts']),
    );
  });

  it('imports no Node built-in, nor Express, SQLite, sharp or busboy', () => {
    const bad = [...packages]
      .filter(([spec]) => spec.startsWith('node:') || BUILTINS.has(spec) || FORBIDDEN.has(spec.split('/')[0] ?? spec))
      .map(([spec, file]) => `${spec} (from ${file.slice(file.indexOf('/src/') + 1)})`);
    expect(bad).toEqual([]);
  });

  it('uses no Node global (Buffer, process, require)', () => {
    const bad = files
      .filter((f) => NODE_GLOBAL.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(f.indexOf('/src/') + 1));
    expect(bad).toEqual([]);
  });

  it('the walk catches a Node import (the test can fail)', () => {
    expect(IMPORT.exec("import { hash } from 'node:crypto';")?.[1]).toBe('node:crypto');
    IMPORT.lastIndex = 0;
    expect("import type { Request } from 'express';".match(IMPORT)).toBeNull();
  });
});

describe('the browser adapter', () => {
  const { files, packages } = walk(BROWSER);

  it('reaches the engine, the seed, the IndexedDB snapshots and the media drawings', () => {
    const names = files.map((f) => f.slice(f.indexOf('/src/') + 5));
    expect(names).toEqual(
      expect.arrayContaining([
        'engine/index.ts',
        'seed/index.ts',
        'seed/media.ts',
        'platform/idb-snapshot.ts',
        'platform/browser-media.ts',
        'media/drawings.ts',
      ]),
    );
  });

  it('imports no Node built-in and no Node-only package, and uses no Node global', () => {
    const bad = [...packages]
      .filter(([spec]) => spec.startsWith('node:') || BUILTINS.has(spec) || FORBIDDEN.has(spec.split('/')[0] ?? spec))
      .map(([spec, file]) => `${spec} (from ${file.slice(file.indexOf('/src/') + 1)})`);
    expect(bad).toEqual([]);
    expect(files.filter((f) => NODE_GLOBAL.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});
