import { describe, expect, it } from 'vitest';
import { emptyGroupForm, expiryYears, serverErrors, toChannelInput, validateGroupForm } from '../group-form.ts';

const now = new Date('2026-11-22T12:00:00Z');
const base = { ...emptyGroupForm(now), name: 'Climate Founders' };

describe('group form', () => {
  it('offers expiry years from this year to this year + 3', () => {
    expect(expiryYears(now)).toEqual([2026, 2027, 2028, 2029]);
  });

  it.each([
    ['a missing name', { name: '  ' }, { name: 'Group Name is required' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, { name: 'Group Name must be at most 100 characters' }],
    ['a subgroup without its main group', { isSubgroup: true }, { parentId: 'Choose the group this is a subgroup of' }],
    [
      'a description over 1000 characters',
      { description: 'x'.repeat(1001) },
      { description: 'Description must be at most 1000 characters' },
    ],
    ['a complete form', { description: 'x'.repeat(1000), isSubgroup: true, parentId: 'chan_x000000000000000' }, {}],
  ])('validates %s', (_name, patch, want) => {
    expect(validateGroupForm({ ...base, ...patch })).toEqual(want);
  });

  it('sends every field, tags and people included', () => {
    const form = {
      ...base,
      isSubgroup: true,
      parentId: 'chan_parent0000000000',
      expires: true,
      expiresYear: 2028,
      isPublic: true,
      isOpen: true,
      tags: [1, 4],
      description: 'Demo nights.',
    };
    expect(toChannelInput(form, ['usr_a000000000000000', 'usr_b000000000000000'])).toEqual({
      name: 'Climate Founders',
      description: 'Demo nights.',
      tags: [1, 4],
      is_closed: false,
      users: ['usr_a000000000000000', 'usr_b000000000000000'],
      parent_id: 'chan_parent0000000000',
      is_public: true,
      is_open: true,
      expires_year: 2028,
    });
    expect(toChannelInput(base, [])).toMatchObject({ parent_id: null, expires_year: null, is_closed: true });
  });

  it('maps the server’s field errors onto the form', () => {
    expect(serverErrors({ 'tags.1': ['No tag with id 999.'], parent_id: ['No group.'], other: ['x'] })).toEqual({
      tags: 'No tag with id 999.',
      parentId: 'No group.',
    });
  });
});
