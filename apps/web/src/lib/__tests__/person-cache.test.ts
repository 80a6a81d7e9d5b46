import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchPerson } from '../person-cache.ts';

const dana = { id: 'usr_dana', first_name: 'Dana', last_name: 'Lee', profile_image: '/media/old.png' };
const sam = { id: 'usr_sam', first_name: 'Sam', last_name: 'Ng', profile_image: null };

describe('patchPerson', () => {
  it('writes the new photo into every cached read showing the person, and leaves the others as they were', () => {
    const qc = new QueryClient();
    const members = { data: { id: 'chan_1', members: [dana, sam] } };
    const notifications = { pages: [{ data: [{ id: 1, actor: dana, text: 'Dana invited you' }] }], pageParams: [null] };
    const unrelated = { data: [sam] };
    qc.setQueryData(['channel'], members);
    qc.setQueryData(['notifications'], notifications);
    qc.setQueryData(['friends'], unrelated);
    patchPerson(qc, { ...dana, profile_image: '/media/new.webp' });
    expect(qc.getQueryData<typeof members>(['channel'])?.data.members[0]?.profile_image).toBe('/media/new.webp');
    expect(qc.getQueryData<typeof members>(['channel'])?.data.members[1]).toBe(sam);
    expect(qc.getQueryData<typeof notifications>(['notifications'])?.pages[0]?.data[0]?.actor.profile_image).toBe(
      '/media/new.webp',
    );
    expect(qc.getQueryData(['friends'])).toBe(unrelated);
  });
});
