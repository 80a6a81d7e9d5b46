import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { contract } from '../contract/contract.ts';
import { buildStateSchema, type Schema } from './state-schema.ts';

// How a `--data` file is checked before anything is read from it: against the state schema
// (state-schema.ts), by the validator the build wrote or one compiled at start, then its counters
// against the ids they number.

/** Each counter numbers one list: it must be past every id in it, or new ids would repeat old ones. */
const NUMBERED: [string, (state: Schema) => unknown][] = [
  ['/next_id/note', (s) => s.notes],
  ['/next_id/club', (s) => s.clubs],
  ['/next_id/interest', (s) => s.interests],
  ['/next_id/direction', (s) => s.directions],
  ['/next_id/experience', (s) => s.experiences],
  ['/next_id/saved_message', (s) => s.saved_messages],
  ['/next_id/report', (s) => (s.chat as Schema | undefined)?.reports],
  ['/next_id/event', (s) => (s.chat as Schema | undefined)?.events],
  ['/next_id/saved_list', (s) => (s.social as Schema | undefined)?.saved_lists],
  ['/next_id/connection', (s) => (s.social as Schema | undefined)?.connections],
  ['/next_id/channel_invite', (s) => (s.social as Schema | undefined)?.channel_invites],
  ['/next_id/notification', (s) => s.notifications],
  ['/next_id/block', (s) => s.blocks],
  ['/chat/next_report_id', (s) => (s.chat as Schema | undefined)?.reports],
  ['/chat/next_event_id', (s) => (s.chat as Schema | undefined)?.events],
];

function counterProblem(state: Schema): string | undefined {
  for (const [pointer, items] of NUMBERED) {
    const list = items(state) as { id: number }[] | undefined;
    if (!list) continue;
    const counter = pointer
      .slice(1)
      .split('/')
      .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], state) as number | undefined;
    // An absent counter (an older file) is filled in past every id on load.
    if (counter === undefined) continue;
    let max = 0;
    for (const item of list) if (item.id > max) max = item.id;
    if (counter <= max) return `${pointer} is ${counter} but id ${max} is taken (new ids would repeat it)`;
  }
  return undefined;
}

/**
 * Ajv's own checks of the schema are off: checking it against the JSON Schema meta-schema, and
 * optimising the generated code, were more than half of the compile (about 140 ms of a start from
 * a file). The schema is built from the contract, not read from a file, and
 * `test/persistence.test.ts` checks it against the meta-schema.
 */
export const STATE_AJV_OPTIONS = {
  allErrors: false,
  strict: true,
  allowUnionTypes: true,
  validateSchema: false,
  code: { optimize: false },
} as const;

/**
 * The validator's code, made when the mock is built (the build writes it beside the bundle): the
 * compile was still about a tenth of a second of every start from a file. Its `schemaHash` names
 * the schema it was made from, so it is used only while the contract gives the same schema.
 */
export const BUILT_VALIDATOR_FILE = 'state-validator.cjs';

export const schemaHash = (schema: unknown) => createHash('sha256').update(JSON.stringify(schema)).digest('hex');

/** The validator built beside this module, when it was made from `schema`. */
function builtValidator(schema: unknown): ValidateFunction | undefined {
  const file = fileURLToPath(new URL(BUILT_VALIDATOR_FILE, import.meta.url));
  if (!existsSync(file)) return undefined;
  try {
    const built = createRequire(import.meta.url)(file) as { default?: ValidateFunction; schemaHash?: string };
    return built.schemaHash === schemaHash(schema) && typeof built.default === 'function' ? built.default : undefined;
  } catch {
    // A damaged file is only a missed shortcut: the schema is compiled.
    return undefined;
  }
}

let validate: ValidateFunction | undefined;

/** The validator of a state file, once per process: the built one, or compiled from the schema. */
function stateValidator(): ValidateFunction {
  if (!validate) {
    const schema = buildStateSchema(contract().doc);
    validate = builtValidator(schema) ?? new Ajv2020(STATE_AJV_OPTIONS).compile(schema);
  }
  return validate;
}

/** The first problem with a parsed state file, as `/path what`, or undefined when it is sound. */
export function stateFileProblem(value: unknown): string | undefined {
  const validate = stateValidator();
  if (validate(value)) return counterProblem(value as Schema);
  const error = validate.errors?.[0] as ErrorObject | undefined;
  if (!error) return 'is not a Cohort state';
  if (error.keyword === 'required') {
    return `${error.instancePath}/${String(error.params.missingProperty)} is missing`;
  }
  return `${error.instancePath || '/'} ${error.message ?? error.keyword}`;
}
