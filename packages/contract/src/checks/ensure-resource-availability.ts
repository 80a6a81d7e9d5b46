import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';

/** A created item appears in the next list (ensure_resource_availability). */
export function ensureResourceAvailability(
  createOp: string,
  listOp: string,
  id: unknown,
  contains: boolean | undefined,
  evidence: Exchange | undefined,
): Diagnostic {
  if (contains === true) return pass(createOp, 'ensure_resource_availability');
  if (contains === undefined) return skip(createOp, 'ensure_resource_availability', `${listOp} did not answer a list`);
  return fail(
    createOp,
    'ensure_resource_availability',
    `${String(id)} created by ${createOp} is not in ${listOp}`,
    evidence,
    {
      schemaPath: listOp,
      expected: `an item with id ${String(id)}`,
      actual: 'absent',
    },
  );
}
