import { hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { CryptoPlatform } from '../lib/crypto.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/** node:crypto's hashing, in the engine's formats (native scrypt and one-shot `hash`: no Hash object per call). */
export const nodeCrypto: CryptoPlatform = {
  sha256Url: (text) => hash('sha256', text, 'base64url'),
  sha1Base64: (bytes) => hash('sha1', bytes, 'base64'),
  async hashPassword(password) {
    const salt = randomBytes(16);
    const derived = await scryptAsync(password, salt, KEY_LENGTH);
    return `scrypt$${salt.toString('base64url')}$${derived.toString('base64url')}`;
  },
  async verifyPassword(password, stored) {
    const [scheme, salt, expectedText] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !expectedText) return false;
    const expected = Buffer.from(expectedText, 'base64url');
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length);
    return timingSafeEqual(actual, expected);
  },
};
