import { describe, expect, it } from 'vitest';
import { brokenPasswordRules, TOKEN_PATTERN } from '../api/password.ts';

describe('brokenPasswordRules: every rule the new password breaks', () => {
  it.each([
    ['empty', { password: '', confirmation: '' }, ['Password is required']],
    [
      'too short and not confirmed',
      { password: 'abc', confirmation: 'abd' },
      ['Password must be at least 4 characters', 'The passwords do not match'],
    ],
    [
      'too long',
      { password: 'x'.repeat(31), confirmation: 'x'.repeat(31) },
      ['Password must be at most 30 characters'],
    ],
    ['4 characters, confirmed', { password: 'abcd', confirmation: 'abcd' }, []],
    ['30 characters, confirmed', { password: 'y'.repeat(30), confirmation: 'y'.repeat(30) }, []],
    ['spaces count as characters', { password: '    ', confirmation: '    ' }, []],
  ])('%s', (_name, value, want) => {
    expect(brokenPasswordRules(value)).toEqual(want);
  });

  it.each([
    ['a mailed token', '0ooLTdPxuTldZNNanAu5CMsb45jDPd9u_VEjjhK-Wls', true],
    ['too short', 'abc', false],
    ['a character outside the alphabet', `${'a'.repeat(40)}!`, false],
    ['empty', '', false],
  ])('token shape: %s', (_name, token, want) => {
    expect(TOKEN_PATTERN.test(token)).toBe(want);
  });
});
