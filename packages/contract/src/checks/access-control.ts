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

/**
 * The contract's `x-access` reserves the operation for others: a second signed-in user who is
 * none of them must get one of the refusals the operation declares, and the owner's data must be
 * unchanged when read back (access_control).
 */
export function accessRule(
  operationId: string,
  who: string,
  attempt: Exchange | undefined,
  expected: number[],
  intact: boolean | undefined,
  evidence?: Exchange,
): Diagnostic {
  if (!attempt) return skip(operationId, 'access_control', `${who}: no answer`);
  const status = attempt.response.status;
  const want = expected.join(' or ');
  if (status === 429) return skip(operationId, 'access_control', `${who}: rate limited (429)`);
  if (status === 400 || status === 422) {
    return skip(operationId, 'access_control', `${who}: refused for its input (${status}) before access was judged`);
  }
  if (!expected.includes(status)) {
    const what = status < 300 ? 'allowed' : 'refused with an undeclared refusal';
    return fail(operationId, 'access_control', `${who}: expected ${want}, got ${status} (${what})`, attempt, {
      schemaPath: `x-access ${who}`,
      expected: want,
      actual: status,
    });
  }
  if (intact === false) {
    return fail(
      operationId,
      'access_control',
      `${who}: refused with ${status}, but the owner's data changed (read back as the owner)`,
      evidence ?? attempt,
      { schemaPath: `x-access ${who} intact`, expected: 'unchanged', actual: 'changed' },
    );
  }
  return pass(operationId, 'access_control');
}
