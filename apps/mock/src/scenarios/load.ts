import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { contract } from '../contract/contract.ts';
import { parseScenario, ScenarioError, scenarioFor, unknownPreset } from './resolve.ts';
import type { Scenario } from './types.ts';

const FILE = /\.(ya?ml|json)$/i;

/**
 * `--scenario NAME|FILE`: a preset by name, or a YAML or JSON file (checked against
 * `scenario.schema.json` and the contract). Throws `ScenarioError` naming each bad key.
 */
export function loadScenario(nameOrFile: string): Scenario {
  const preset = scenarioFor(nameOrFile);
  if (preset) return preset;
  if (!FILE.test(nameOrFile)) throw new ScenarioError(`"${nameOrFile}"`, [unknownPreset(nameOrFile)]);
  let text: string;
  try {
    text = readFileSync(nameOrFile, 'utf8');
  } catch (error) {
    throw new ScenarioError(nameOrFile, [`cannot read it: ${error instanceof Error ? error.message : String(error)}`]);
  }
  let raw: unknown;
  try {
    raw = load(text, { schema: CORE_SCHEMA });
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ScenarioError(nameOrFile, [`not YAML or JSON: ${message}`]);
  }
  return parseScenario(raw ?? {}, basename(nameOrFile).replace(FILE, ''), contract().operations, nameOrFile);
}
