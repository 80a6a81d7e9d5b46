#!/usr/bin/env node
// Builds what `pnpm start` runs: the mock's entry (and its seeding worker) bundled into plain
// JavaScript in dist/, so a start loads a few files instead of compiling hundreds of TypeScript
// modules. npm packages go into the bundle too, except those named in UNBUNDLED; the workspace's own
// TypeScript packages (@cohort/openapi) go inside it. `pnpm dev` keeps running the source (tsx watch).
// The bench bundles its reference servers with the same function and the same UNBUNDLED list, so
// both start alike.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * A workspace package reads its own files beside its source (@cohort/openapi's openapi.yaml): in
 * the bundle, `import.meta.url` would name the bundle instead, so it keeps its source file's URL.
 */
function ownUrls(root, relocate) {
  return {
    name: 'workspace-import-meta-url',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.startsWith(root)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        // `relocate` (a package build): the file's place under the repository, mirrored inside outdir.
        const url = relocate
          ? `new URL(${JSON.stringify(`./${relative(repo, args.path).split(sep).join('/')}`)}, import.meta.url).href`
          : JSON.stringify(pathToFileURL(args.path).href);
        return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles `entryPoints` (relative to the package folder `root`) into `outdir` as ES modules for
 * Node 20+. The packages named in `external` (and their subpaths) are loaded from node_modules at
 * run time; everything else, the workspace's TypeScript included, is inside the bundle. What is
 * imported only with `import()` (busboy and file-type, at the first upload) is split into files of
 * its own, so a start does not read it; code shared by two entry points is split out the same way.
 * The files of the last build in `outdir` go first (chunk names change with their content);
 * folders in it (a test's build) stay. With `relocate`, a workspace file's own URL points inside
 * `outdir` (see ownUrls), so the build runs without the checkout once its files are copied there.
 */
export async function bundle({ root, entryPoints, outdir, external, relocate = false }) {
  const out = resolve(root, outdir);
  for (const entry of existsSync(out) ? readdirSync(out, { withFileTypes: true }) : []) {
    if (entry.isFile()) rmSync(join(out, entry.name));
  }
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    target: 'node20',
    external: external.flatMap((name) => [name, `${name}/*`]),
    plugins: [ownUrls(root, relocate)],
    // CommonJS inside the bundle (ajv-formats) calls require(): give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

const root = fileURLToPath(new URL('../', import.meta.url));
const repo = resolve(root, '../..');

/**
 * The npm packages a build leaves in node_modules: native code (better-sqlite3, sharp), files read
 * from their folder at run time (swagger-ui-dist), what a start never loads (msw, tsx), and faker,
 * loaded only when a seed is made (src/seed/english-faker.ts: a start from the built seed does
 * without it). Every other package goes into the bundle: finding and compiling the files of express,
 * ajv and their dependencies one by one was about a sixth of the default start-up.
 */
export const UNBUNDLED = ['better-sqlite3', 'sharp', 'swagger-ui-dist', 'msw', 'tsx', '@faker-js/faker'];

/**
 * The mock as `pnpm start` runs it and as the published package ships it: dist/main.js, the workers
 * it seeds large files and presets with, the library entries the package exports (msw.js,
 * engine-node.js), the contract it was built from (dist/openapi/openapi.yaml: the bundle reads it
 * there, never from the checkout), and what a start would otherwise make each time, made by this
 * very bundle's code (src/write-built.ts): the default seed (dist/default-seed.json, read by a
 * default start; src/seed/built.ts), the parsed contract (dist/contract.json; src/contract/built.ts)
 * and the state file's validator (dist/state-validator.cjs; src/persistence/state-check.ts). The
 * writer is bundled, run once and removed.
 */
export async function buildMock(outdir = 'dist') {
  const out = resolve(root, outdir);
  await bundle({
    root,
    entryPoints: [
      { in: 'src/main.ts', out: 'main' },
      { in: 'src/persistence/seed-file-worker.ts', out: 'seed-file-worker' },
      { in: 'src/adapters/preset-seed-worker.ts', out: 'preset-seed-worker' },
      { in: 'src/adapters/msw.ts', out: 'msw' },
      { in: 'src/adapters/node.ts', out: 'engine-node' },
      { in: 'src/write-built.ts', out: 'write-built' },
    ],
    outdir,
    external: UNBUNDLED,
    relocate: true,
  });
  mkdirSync(join(out, 'openapi'), { recursive: true });
  copyFileSync(join(repo, 'openapi/openapi.yaml'), join(out, 'openapi/openapi.yaml'));
  const main = join(out, 'main.js');
  const writer = join(out, 'write-built.js');
  execFileSync(process.execPath, [writer, main], { stdio: 'inherit' });
  rmSync(writer);
  rmSync(`${writer}.map`, { force: true });
  return main;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildMock(process.argv[2]);
