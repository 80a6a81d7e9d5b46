import { randomBytes } from 'node:crypto';
import type { Faker } from '@faker-js/faker';

export type IdPrefix = 'usr' | 'chan' | 'msg' | 'int' | 'call' | 'post' | 'cmt' | 'sty';

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** An id made at runtime: the prefix and 16 url-safe characters from the OS's CSPRNG. */
export function randomId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/**
 * An id for seeded data: drawn from the seeded faker, so the same seed gives the same id. The same
 * draws as `f.string.fromCharacters(URL_SAFE, 16)`, without its arrays (a million ids at 100,000 users).
 */
export function seededId(prefix: IdPrefix, f: Faker): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 16; i++) id += URL_SAFE[f.number.int({ max: URL_SAFE.length - 1 })];
  return id;
}

/** An opaque bearer token: 32 random bytes. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
