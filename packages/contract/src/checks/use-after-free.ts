import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';

/** After a delete (or leave) the item is gone from the list and a second delete fails (use_after_free). */
export function goneAfterRemoval(
  removeOp: string,
  listOp: string,
  id: unknown,
  contains: boolean | undefined,
  evidence: Exchange | undefined,
): Diagnostic {
  if (contains === false) return pass(removeOp, 'use_after_free');
  if (contains === undefined) return skip(removeOp, 'use_after_free', `${listOp} did not answer a list`);
  return fail(removeOp, 'use_after_free', `${String(id)} is still in ${listOp} after ${removeOp}`, evidence, {
    schemaPath: listOp,
    expected: 'absent after removal',
    actual: 'still listed',
  });
}

export function secondRemovalRefused(removeOp: string, id: unknown, again: Exchange): Diagnostic {
  const { status } = again.response;
  if (status < 200 || status >= 300) return pass(removeOp, 'use_after_free');
  return fail(removeOp, 'use_after_free', `${removeOp} of ${String(id)} succeeded a second time (${status})`, again, {
    schemaPath: 'second removal',
    expected: 'a 4xx (404)',
    actual: status,
  });
}
