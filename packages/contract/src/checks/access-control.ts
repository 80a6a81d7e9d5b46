import type { Diagnostic, Exchange } from '../types.ts';
import { fail, pass, skip } from './diagnostic.ts';

/**
 * One user tried what the contract's access rules reserve for others (join someone's one-to-one
 * chat, build inside a private group): it must be refused with a 4xx, and the owner's data read
 * back afterwards must be unchanged (access_control).
 */
export function accessRefused(
  operationId: string,
  what: string,
  attempt: Exchange | undefined,
  intact: boolean | undefined,
  evidence?: Exchange,
): Diagnostic {
  if (!attempt) return skip(operationId, 'access_control', `could not try to ${what}: no answer`);
  const status = attempt.response.status;
  if (status >= 200 && status < 300) {
    return fail(operationId, 'access_control', `another user could ${what}: answered ${status}`, attempt, {
      expected: 'a 4xx refusal',
      actual: status,
    });
  }
  if (intact === false) {
    return fail(
      operationId,
      'access_control',
      `refused with ${status}, but the attempt to ${what} changed the owner's data`,
      evidence,
      {
        expected: 'unchanged',
        actual: 'changed',
      },
    );
  }
  if (status < 400 || status >= 500) {
    return skip(
      operationId,
      'access_control',
      `the attempt to ${what} was answered ${status}, neither a success nor a refusal`,
    );
  }
  return pass(operationId, 'access_control');
}
