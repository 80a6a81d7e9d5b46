import { expect } from 'vitest';
import { type AreaWriter, listHas, listLacks } from './api.ts';

/** Profile items: notes, clubs, interests, directions, experiences; one of each kind added and removed again. */
export const writeProfileItems: AreaWriter = async (http) => {
  const a = await http.register('Ivy');
  const b = await http.register('Ike');
  const store = (kind: string, body: unknown) => http.call('POST', `/api/v1/users/me/${kind}/store`, a.token, body);

  await store('notes', { title: 'Kept note', note: 'Survives', date: '2026-11-24' });
  const note = await store('notes', { title: 'Gone note', note: 'Deleted', date: '2026-11-24' });
  await http.call('DELETE', `/api/v1/users/me/notes/${note.id}`, a.token);
  await store('clubs', { name: 'Rowing Club', position: 'Captain' });
  const club = await store('clubs', { name: 'Gone Club', position: 'Member' });
  await http.call('DELETE', `/api/v1/users/me/clubs/${club.id}/detach`, a.token);
  await store('interests', { name: 'Kept Interest' });
  const interest = await store('interests', { name: 'Gone Interest' });
  await http.call('DELETE', `/api/v1/users/me/interests/${interest.id}/detach`, a.token);
  await store('directions', { name: 'Kept Direction' });
  const direction = await store('directions', { name: 'Gone Direction' });
  await http.call('DELETE', `/api/v1/users/me/directions/${direction.id}/detach`, a.token);
  await store('experiences', { uni_name: 'Persistence Polytechnic', concern: 'Storage', year: 2020, degree: 'BS' });

  return {
    views: {
      notes: { token: a.token, path: `/api/v1/users/me/notes/${a.id}` },
      clubs: { token: a.token, path: `/api/v1/users/me/clubs/${a.id}` },
      interests: { token: b.token, path: `/api/v1/users/me/interests/${a.id}` },
      directions: { token: a.token, path: `/api/v1/users/me/directions/${a.id}` },
      experiences: { token: a.token, path: '/api/v1/users/me/experiences' },
      theirExperiences: { token: b.token, path: `/api/v1/users/${a.id}/experiences` },
    },
    check: (seen) => {
      listHas(seen.notes, { title: 'Kept note', note: 'Survives' });
      listLacks(seen.notes, { title: 'Gone note' });
      listHas(seen.clubs, { name: 'Rowing Club', position: 'Captain' });
      listLacks(seen.clubs, { name: 'Gone Club' });
      listHas(seen.interests, { name: 'Kept Interest' });
      listLacks(seen.interests, { name: 'Gone Interest' });
      listHas(seen.directions, { name: 'Kept Direction' });
      listLacks(seen.directions, { name: 'Gone Direction' });
      listHas(seen.experiences, { concern: 'Storage', year: 2020 });
      expect(seen.theirExperiences).toEqual(seen.experiences);
    },
  };
};

/** What the directory shows of a person: a new name and program, a club and an interest, found by search. */
export const writeDirectoryProfile: AreaWriter = async (http) => {
  const a = await http.register('Plain', 'Name');
  const b = await http.register('Seeker');
  await http.call('PATCH', '/api/v1/users/me', a.token, {
    first_name: 'Quinby',
    last_name: 'Directoryson',
    program: 'Kept Program',
  });
  await http.call('POST', '/api/v1/users/me/clubs/store', a.token, { name: 'Kept Search Club', position: 'Member' });
  await http.call('POST', '/api/v1/users/me/interests/store', a.token, { name: 'Kept Search Interest' });

  const search = (query: string) => ({ token: b.token, path: `/api/v1/users/search?${query}` });
  return {
    views: {
      byName: search('q=Quinby%20Directoryson'),
      byProgram: search('program=Kept%20Program'),
      byClub: search('club=Kept%20Search%20Club'),
      byInterest: search('interest=Kept%20Search%20Interest'),
      oldName: search('q=Plain%20Name'),
      profile: { token: b.token, path: `/api/v1/users/${a.id}` },
    },
    check: (seen) => {
      const found = { data: { data: [{ id: a.id, first_name: 'Quinby', last_name: 'Directoryson' }] } };
      for (const view of ['byName', 'byProgram', 'byClub', 'byInterest']) expect(seen[view]).toMatchObject(found);
      expect(seen.oldName).toMatchObject({ data: { data: [] } });
      expect(seen.profile).toMatchObject({ data: { first_name: 'Quinby', program: 'Kept Program' } });
    },
  };
};
