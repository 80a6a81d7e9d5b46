import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/forms/validation.ts';
import { demoUser } from '@/test/fixtures.ts';
import { changesFrom, type EditProfileValues, editProfileRules, valuesFromUser } from '../edit-profile-form.ts';

const before = valuesFromUser({ ...demoUser, emails: ['dana@stanford.edu'] });

describe("'Edit my profile' form", () => {
  it('starts from the server user', () => {
    expect(before).toEqual({
      firstName: 'Dana',
      lastName: 'Okafor',
      phone: '+1 650 555 0142',
      program: 'MBA',
      description: 'MBA candidate.',
      emails: 'dana@stanford.edu',
    });
  });

  it.each<[string, Partial<EditProfileValues>, Record<string, unknown>]>([
    ['nothing changed: nothing sent', {}, {}],
    ['a new first name, trimmed', { firstName: ' Ada ' }, { first_name: 'Ada' }],
    ['emptied phone clears it', { phone: '  ' }, { phone: null }],
    [
      'e-mails split on commas and spaces, duplicates dropped',
      { emails: 'a@x.edu, b@x.edu a@x.edu' },
      { emails: ['a@x.edu', 'b@x.edu'] },
    ],
    ['no e-mails left: an empty list', { emails: '' }, { emails: [] }],
  ])('%s', (_name, change, want) => {
    expect(changesFrom(before, { ...before, ...change })).toEqual(want);
  });

  it.each<[string, Partial<EditProfileValues>, keyof EditProfileValues]>([
    ['first name required', { firstName: ' ' }, 'firstName'],
    ['last name required', { lastName: '' }, 'lastName'],
    ['a bad e-mail', { emails: 'a@x.edu, nope' }, 'emails'],
    ['more than 10 e-mails', { emails: Array.from({ length: 11 }, (_, i) => `u${i}@x.edu`).join(',') }, 'emails'],
    ['phone over 40 characters', { phone: '1'.repeat(41) }, 'phone'],
  ])('rejects: %s', (_name, change, field) => {
    expect(validate(editProfileRules, { ...before, ...change })).toHaveProperty(field);
  });
});
