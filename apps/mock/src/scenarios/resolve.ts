import type { Operation } from '@cohort/openapi';
import { isPreset, PRESET_NAMES, PRESETS } from './presets.ts';
import { RECORDS_PASSWORD } from './records.ts';
import type { OperationBehaviourSpec, Range, Scenario, ScenarioFile } from './types.ts';
import { closest, validateScenario } from './validate.ts';

/** A scenario that does not check out: every problem, each naming its key. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  readonly problems: string[];

  constructor(source: string, problems: string[]) {
    super(`Scenario ${source} is not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

function range(raw: number | string | undefined): Range | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'number') return { min: raw, max: raw };
  const [min = 0, max = min] = raw.split('-').map((n) => Number(n.trim()));
  return { min, max };
}

/** A file merged over the scenario it extends: keys it gives win, per operation and per stream key. */
function merge(base: Scenario, file: ScenarioFile, name: string): Scenario {
  const operations: Record<string, OperationBehaviourSpec> = { ...base.operations };
  for (const [id, spec] of Object.entries(file.operations ?? {})) {
    const latency = range(spec.latency);
    operations[id] = {
      ...operations[id],
      ...(latency ? { latency } : {}),
      ...(spec.errorRate === undefined ? {} : { errorRate: spec.errorRate }),
      ...(spec.status === undefined ? {} : { status: spec.status }),
    };
  }
  const latency = range(file.latency) ?? base.latency;
  const dropAfter = range(file.stream?.dropAfter) ?? base.stream.dropAfter;
  const { dropAfter: _written, ...streamRest } = file.stream ?? {};
  const stream = { ...base.stream, ...streamRest, ...(dropAfter ? { dropAfter } : {}) };
  const errorRate = file.errorRate ?? base.errorRate;
  const status = file.status ?? base.status;
  return {
    name,
    description: file.description ?? base.description,
    seed: { ...base.seed, ...file.seed },
    ...(latency ? { latency } : {}),
    ...(errorRate === undefined ? {} : { errorRate }),
    ...(status === undefined ? {} : { status }),
    operations,
    stream,
  };
}

const NOTHING: Scenario = { name: 'nothing', description: '', seed: {}, operations: {}, stream: {} };

/**
 * Checks a scenario as written against the schema and `operations` (the contract's; passed in, so
 * this module needs no file system) and merges it over the preset it `extends` (`default` when
 * absent). Throws `ScenarioError` listing every problem.
 */
export function parseScenario(
  raw: unknown,
  name: string,
  operations: readonly Operation[],
  source: string = name,
): Scenario {
  const problems = validateScenario(raw, operations);
  if (problems.length > 0) throw new ScenarioError(source, problems);
  const file = raw as ScenarioFile;
  const base = scenarioFor(file.extends ?? 'default');
  if (!base) throw new ScenarioError(source, [`extends: no preset named ${file.extends}`]);
  const merged = merge(base, file, name);
  if (!file.records) return merged;
  const { password = RECORDS_PASSWORD, identities = {}, exchanges } = file.records;
  return { ...merged, records: { password, identities, exchanges } };
}

const resolved = new Map<string, Scenario>();

/**
 * A preset by name, resolved over `default` (what a session calls with its `X-Mock-Scenario`);
 * `undefined` for a name that is not a preset. No file system and no contract: the presets are
 * checked by the tests, so a browser engine can call it as it is.
 */
export function scenarioFor(name: string): Scenario | undefined {
  if (!isPreset(name)) return undefined;
  let scenario = resolved.get(name);
  if (!scenario) {
    const base = merge(NOTHING, PRESETS.default, 'default');
    scenario = name === 'default' ? base : merge(base, PRESETS[name], name);
    resolved.set(name, scenario);
  }
  return scenario;
}

/** "no preset named X (did you mean Y?)": for `--scenario` and `X-Mock-Scenario`. */
export function unknownPreset(name: string): string {
  const near = closest(name, PRESET_NAMES);
  return `no scenario named "${name}"${near ? ` (did you mean ${near}?)` : ''}; presets: ${PRESET_NAMES.join(', ')}, or a .yaml/.json file`;
}
