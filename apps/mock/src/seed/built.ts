import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  const header: Header = { bundle: digest(bundleFile), key };
  writeFileSync(file, `${JSON.stringify(header)}\n${JSON.stringify(state)}`);
}

/**
 * The seeds built for the module at `moduleUrl` (dist/main.js): `read(key)` gives a new copy of the
 * state each call (the store changes it in place), or undefined when there is none for this key
 * and this bundle.
 */
export function builtSeeds(moduleUrl: string): { read(key: SeedKey): State | undefined } {
  const bundleFile = fileURLToPath(moduleUrl);
  const file = fileURLToPath(new URL(BUILT_SEED_FILE, moduleUrl));
  let bundle: string | undefined;
  return {
    read(key) {
      if (!existsSync(file)) return undefined;
      try {
        const text = readFileSync(file, 'utf8');
        const end = text.indexOf('\n');
        const header = JSON.parse(text.slice(0, end)) as Header;
        bundle ??= digest(bundleFile);
        if (header.bundle !== bundle || JSON.stringify(header.key) !== JSON.stringify(key)) return undefined;
        return JSON.parse(text.slice(end + 1)) as State;
      } catch {
        // A damaged file is only a missed shortcut: the seed is made again.
        return undefined;
      }
    },
  };
}
