#!/usr/bin/env node
// Builds what the published package runs: JavaScript and declarations in dist/ (Node does not strip
// types under node_modules). The workspace keeps importing src/ (see `publishConfig` in package.json).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
// tsc keeps `./x.ts` in declarations; `./x.js` reads the same under every moduleResolution a user may pick.
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const file = join(entry.parentPath, entry.name);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/(from '\.\.?\/[^']*)\.ts'/g, "$1.js'"));
}
console.log(`built ${dist}`);
