#!/usr/bin/env node
// Builds what `pnpm start` runs: the mock's entry (and its seeding worker) bundled into plain
// JavaScript in dist/, so a start loads a few files instead of compiling hundreds of TypeScript
// modules. npm packages stay outside the bundle (node_modules as installed); the workspace's own
// TypeScript packages (@cohort/openapi) go inside it. `pnpm dev` keeps running the source (tsx watch).
// The bench bundles its reference servers with the same function (`bundle`), so both start alike.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * A workspace package reads its own files beside its source (@cohort/openapi's openapi.yaml): in
 * the bundle, `import.meta.url` would name the bundle instead, so it keeps its source file's URL.
 */
function ownUrls(root) {
  return {
    name: 'workspace-import-meta-url',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.startsWith(root)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        return {
          contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * Bundles `entryPoints` (relative to the package folder `root`) into `outdir` as ES modules for
 * Node 20+. The packages named in `external` (and their subpaths) are loaded from node_modules at
 * run time; everything else, the workspace's TypeScript included, is inside the bundle.
 */
export async function bundle({ root, entryPoints, outdir, external }) {
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: external.flatMap((name) => [name, `${name}/*`]),
    plugins: [ownUrls(root)],
    // CommonJS inside the bundle (ajv-formats) calls require(): give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

const root = fileURLToPath(new URL('../', import.meta.url));

/** The mock as `pnpm start` runs it: dist/main.js and the worker it seeds large files with. */
export async function buildMock(outdir = 'dist') {
  const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@cohort/'));
  await bundle({ root, entryPoints: ['src/main.ts', 'src/sqlite-seed-worker.ts'], outdir, external });
  return `${root}${outdir}/main.js`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildMock(process.argv[2]);
