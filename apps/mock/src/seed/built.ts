import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readBuiltJson, writeBuiltJson } from '../lib/built-file.ts';
import type { State } from '../store/types.ts';

/**
 * The default seed, made when the mock is built (`pnpm start` runs dist/main.js): a seed is a pure
 * function of its options and of the code that makes it, so a start (or a reset) with those
 * options reads the state from `default-seed.json` beside the bundle instead of running faker,
 * about a fifth of the default start-up. The file's first line names the bundle that made it (its
 * SHA-256) and the options; a start with other options, from another bundle (a rebuilt or edited
 * one) or from the TypeScript source seeds as before.
 */
export const BUILT_SEED_FILE = 'default-seed.json';

/** What a seed depends on besides the code: the scenario's shaping, `--seed`, and `--users` when given. */
export interface SeedKey {
  shape: unknown;
  seed: number;
  users: number | null;
}

/** The key of what `seedScenario(scenario, options)` makes: a start and the build derive it alike. */
export function seedKeyOf(scenario: { seed: unknown }, options: { seed: number; users?: number }): SeedKey {
  return { shape: scenario.seed, seed: options.seed, users: options.users ?? null };
}

interface Header {
  bundle: string;
  key: SeedKey;
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Writes `state` as the seed of `key`, made by the bundle at `bundleFile`, to `file`. */
export function writeBuiltSeed(file: string, bundleFile: string, key: SeedKey, state: State): void {
  writeBuiltJson(file, { bundle: digest(bundleFile), key } satisfies Header, state);
}

/**
 * The seeds built for the module at `moduleUrl` (dist/main.js): `read(key)` gives a new copy of the
 * state each call (the store changes it in place), or undefined when there is none for this key
 * and this bundle (or the file is damaged: the seed is made again).
 */
export function builtSeeds(moduleUrl: string): { read(key: SeedKey): State | undefined } {
  const bundleFile = fileURLToPath(moduleUrl);
  const file = fileURLToPath(new URL(BUILT_SEED_FILE, moduleUrl));
  let bundle: string | undefined;
  return {
    read: (key) =>
      readBuiltJson<Header, State>(file, (header) => {
        bundle ??= digest(bundleFile);
        return header.bundle === bundle && JSON.stringify(header.key) === JSON.stringify(key);
      }),
  };
}
