// Run by scripts/build.mjs after bundling: writes beside dist/main.js what a start would otherwise
// make each time, each keyed to what it was made from: the default seed (seed/built.ts), the parsed
// contract (contract/built.ts) and the state file's validator (state-check.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contractPath, parseContract } from '@cohort/openapi';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { BUILT_CONTRACT_FILE, writeBuiltContract } from './contract/built.ts';
import { BUILT_VALIDATOR_FILE, STATE_AJV_OPTIONS, schemaHash } from './persistence/state-check.ts';
import { buildStateSchema } from './persistence/state-schema.ts';
import { loadScenario } from './scenarios/load.ts';
import { seedScenario } from './scenarios/shape.ts';
import { BUILT_SEED_FILE, seedKeyOf, writeBuiltSeed } from './seed/built.ts';
import { DEFAULT_SEED } from './seed/index.ts';

const bundleFile = process.argv[2];
if (!bundleFile) throw new Error('usage: write-built.js <dist/main.js>');
const out = dirname(bundleFile);

const scenario = loadScenario('default');
// The options a start without --seed, --users or --scenario passes to seedScenario (main.ts).
const options = { seed: DEFAULT_SEED };
writeBuiltSeed(join(out, BUILT_SEED_FILE), bundleFile, seedKeyOf(scenario, options), seedScenario(scenario, options));

const text = readFileSync(contractPath, 'utf8');
const doc = parseContract(text);
writeBuiltContract(join(out, BUILT_CONTRACT_FILE), text, doc);

const schema = buildStateSchema(doc);
const ajv = new Ajv2020({ ...STATE_AJV_OPTIONS, code: { ...STATE_AJV_OPTIONS.code, source: true } });
const code = standaloneCode(ajv, ajv.compile(schema));
writeFileSync(
  join(out, BUILT_VALIDATOR_FILE),
  `${code}\nmodule.exports.schemaHash = ${JSON.stringify(schemaHash(schema))};\n`,
);
