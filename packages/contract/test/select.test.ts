import { listOperations, loadContract } from '@cohort/openapi';
import { describe, expect, it } from 'vitest';
import { selectOperations, UsageError } from '../src/index.ts';

const all = listOperations(loadContract());

describe('selectOperations', () => {
  it.each([
    ['core', (ids: string[]) => ids.includes('login') && !ids.includes('getUser')],
    ['proposed', (ids: string[]) => ids.includes('getUser') && !ids.includes('login')],
    ['all', (ids: string[]) => ids.includes('getUser') && ids.includes('login')],
  ] as const)('--include %s', (include, holds) => {
    const ids = selectOperations(all, include).map((op) => op.operationId);
    expect(holds(ids)).toBe(true);
  });

  it('keeps the 24 core operations in core', () => {
    expect(selectOperations(all, 'core')).toHaveLength(24);
  });

  it('narrows to --operations, whatever the tag', () => {
    expect(selectOperations(all, 'core', ['getUser', 'login']).map((op) => op.operationId)).toEqual([
      'login',
      'getUser',
    ]);
  });

  it('refuses an operationId the contract does not have', () => {
    expect(() => selectOperations(all, 'core', ['loginn'])).toThrow(UsageError);
  });
});
