import type { Faker } from '@faker-js/faker';
import { randomBytes, toBase64Url } from './engine/crypto.ts';

export type IdPrefix = 'usr' | 'chan' | 'msg' | 'int' | 'call' | 'post' | 'cmt' | 'sty' | 'med';

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** An id made at runtime: the prefix and 16 url-safe characters from Web Crypto. */
export function randomId(prefix: IdPrefix): string {
  return `${prefix}_${toBase64Url(randomBytes(12))}`;
}

/**
 * An id for seeded data: drawn from the seeded faker, so the same seed gives the same id. The same
 * draws as `f.string.fromCharacters(URL_SAFE, 16)`, without its arrays (a million ids at 100,000 users).
 */
export function seededId(prefix: IdPrefix, f: Faker): string {
  const randomizer = randomizerOf(f);
  let codes = seededCodes[prefix];
  if (!codes) {
    codes = Array.from(`${prefix}_${'A'.repeat(16)}`, (c) => c.charCodeAt(0));
    seededCodes[prefix] = codes;
  }
  for (let i = codes.length - 16; i < codes.length; i++) {
    // f.number.int({ max }) is floor(next() * (max + 1)) after checking its options: asked straight
    // (1.6 million times at 100,000 users), with the same numbers.
    codes[i] =
      URL_SAFE_CODES[randomizer ? Math.floor(randomizer.next() * URL_SAFE.length) : f.number.int({ max: 63 })] ?? 0;
  }
  // One flat string made from the character codes, not 16 ever longer ones (half a million seeded ids).
  return String.fromCharCode(...codes);
}

const URL_SAFE_CODES = Array.from(URL_SAFE, (c) => c.charCodeAt(0));
/** Per prefix: its characters, `_`, then room for the 16 drawn ones. */
const seededCodes: Partial<Record<IdPrefix, number[]>> = {};

/** The faker's own random number source (not in its types; `undefined` if a faker version moves it). */
export function randomizerOf(f: Faker): { next(): number } | undefined {
  const randomizer = (f as unknown as { fakerCore?: { randomizer?: { next?: unknown } } }).fakerCore?.randomizer;
  return typeof randomizer?.next === 'function' ? (randomizer as { next(): number }) : undefined;
}

/** An opaque bearer token: 32 random bytes. */
export function newToken(): string {
  return toBase64Url(randomBytes(32));
}
