import type { components } from '@cohort/api';
import type { StoredUser } from './types.ts';

export type PersonSummary = components['schemas']['PersonSummary'];

export function toPerson(u: StoredUser): PersonSummary {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    profile_image: u.profile_image,
    university: u.university ?? null,
    program: u.program ?? null,
    major: u.major,
    graduation_year: u.graduation_year ?? null,
    company: u.company,
    industry: u.industry,
    location: u.location,
    last_seen_at: u.last_seen_at,
  };
}
