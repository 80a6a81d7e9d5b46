// Run by scripts/build.mjs after bundling: writes the default seed beside dist/main.js (see built.ts).
import { dirname, join } from 'node:path';
import { loadScenario } from '../scenarios/load.ts';
import { seedScenario } from '../scenarios/shape.ts';
import { BUILT_SEED_FILE, seedKeyOf, writeBuiltSeed } from './built.ts';
import { DEFAULT_SEED } from './index.ts';

const bundleFile = process.argv[2];
if (!bundleFile) throw new Error('usage: write-built.js <dist/main.js>');
const scenario = loadScenario('default');
// The options a start without --seed, --users or --scenario passes to seedScenario (main.ts).
const options = { seed: DEFAULT_SEED };
const file = join(dirname(bundleFile), BUILT_SEED_FILE);
writeBuiltSeed(file, bundleFile, seedKeyOf(scenario, options), seedScenario(scenario, options));
