// Scenarios: named presets and scenario files that shape the mock's seed and behaviour.
export { beforeOperation, failure, scheduleDrop } from './apply.ts';
export { createBehaviour, noBehaviour } from './behaviour.ts';
export { PRESET_NAMES, PRESETS, type PresetName } from './presets.ts';
export { parseScenario, ScenarioError, scenarioFor, unknownPreset } from './resolve.ts';
export { seedScenario } from './shape.ts';
export type { Behaviour, BehaviourFor, Scenario, ScenarioFile, SeedShape } from './types.ts';
export { scenarioSchema, validateScenario } from './validate.ts';
