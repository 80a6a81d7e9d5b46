#!/usr/bin/env node
// Publishes the packages named in the root package.json's "release" field with pnpm (which rewrites
// `workspace:` and `catalog:` ranges and applies each package's publishConfig), under the scope set
// there: `"scope"` is the one place the published names' scope is chosen (`@cohort` is a placeholder).
//   node scripts/release.mjs [--registry URL] [--tag TAG] [--expect-version X.Y.Z] [--dry-run]
// Each package's prepack builds what it ships. A package whose name is not under the scope is
// renamed for the publish (its package.json and README), then restored.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));

/** The scope and the package folders (in publish order), from the root package.json. */
export function releaseConfig() {
  const { release } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  if (!/^@[a-z0-9][a-z0-9._-]*$/.test(release?.scope ?? '')) {
    throw new Error(`package.json "release.scope" must be an npm scope like @acme: ${release?.scope}`);
  }
  return { scope: release.scope, packages: release.packages };
}

/** `@cohort/mock` under `scope` (`@acme/mock`). */
export const scopedName = (name, scope) => `${scope}/${name.split('/').pop()}`;

function publish(dir, scope, extra) {
  const manifestFile = join(repo, dir, 'package.json');
  const readmeFile = join(repo, dir, 'README.md');
  const manifest = readFileSync(manifestFile, 'utf8');
  const readme = readFileSync(readmeFile, 'utf8');
  const { name } = JSON.parse(manifest);
  const target = scopedName(name, scope);
  const from = name.split('/')[0];
  try {
    if (target !== name) {
      writeFileSync(manifestFile, manifest.replace(`"name": "${name}"`, `"name": "${target}"`));
      writeFileSync(readmeFile, readme.replaceAll(`${from}/`, `${scope}/`));
    }
    console.log(`\nrelease: publishing ${target} from ${dir}`);
    const run = spawnSync('pnpm', ['publish', '--no-git-checks', '--access', 'public', ...extra], {
      cwd: join(repo, dir),
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`pnpm publish failed in ${dir} (exit ${run.status ?? run.signal})`);
  } finally {
    writeFileSync(manifestFile, manifest);
    writeFileSync(readmeFile, readme);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      registry: { type: 'string' },
      tag: { type: 'string' },
      'expect-version': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const { scope, packages } = releaseConfig();
  const extra = [
    ...(values.registry ? ['--registry', values.registry] : []),
    ...(values.tag ? ['--tag', values.tag] : []),
    ...(values['dry-run'] ? ['--dry-run'] : []),
  ];
  try {
    // A release tag (v0.2.0) names the version every package must carry, before anything is published.
    const expected = values['expect-version']?.replace(/^v/, '');
    for (const dir of expected ? packages : []) {
      const { name, version } = JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8'));
      if (version !== expected) throw new Error(`${name} is ${version}, the tag says ${expected}`);
    }
    for (const dir of packages) publish(dir, scope, extra);
  } catch (error) {
    console.error(`release: ${error.message}`);
    process.exit(1);
  }
}
