// Run by scripts/build.mjs after bundling: writes the default seed beside dist/main.js (see built.ts).
import { dirname, join } from 'node:path';
import { loadScenario } from '../scenarios/load.ts';
import { seedScenario } from '../scenarios/shape.ts';
import { BUILT_SEED_FILE, type SeedKey, writeBuiltSeed } from './built.ts';
import { DEFAULT_SEED } from './index.ts';

const bundleFile = process.argv[2];
if (!bundleFile) throw new Error('usage: write-built.js <dist/main.js>');
const scenario = loadScenario('default');
const key: SeedKey = { shape: scenario.seed, seed: DEFAULT_SEED, users: null };
writeBuiltSeed(
  join(dirname(bundleFile), BUILT_SEED_FILE),
  bundleFile,
  key,
  seedScenario(scenario, { seed: DEFAULT_SEED }),
);
