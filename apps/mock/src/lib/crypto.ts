import { sha1 } from '@noble/hashes/legacy.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The hashing the engine needs, as one replaceable piece: pure JS (`@noble/hashes`) by default so
 * the engine runs in a browser; the Node adapter installs node:crypto's (faster, same formats, so
 * each verifies the other's hashes).
 */
export interface CryptoPlatform {
  /** SHA-256 of a UTF-8 string, base64url (stored tokens). */
  sha256Url(text: string): string;
  /** SHA-1 of bytes, base64 (Express's weak ETag). */
  sha1Base64(bytes: Uint8Array): string;
  /** `scrypt$<salt>$<hash>`, both base64url; N=16384, r=8, p=1. */
  hashPassword(password: string): Promise<string>;
  verifyPassword(password: string, stored: string): Promise<boolean>;
}

const encoder = new TextEncoder();
const KEY_LENGTH = 32;

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

/** `n` bytes from Web Crypto (global in browsers and Node ≥ 20). */
export function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

const scryptOf = (password: string, salt: Uint8Array, dkLen: number) =>
  scryptAsync(encoder.encode(password), salt, { N: 16384, r: 8, p: 1, dkLen });

export const pureCrypto: CryptoPlatform = {
  sha256Url: (text) => toBase64Url(sha256(encoder.encode(text))),
  sha1Base64: (bytes) => toBase64(sha1(bytes)),
  async hashPassword(password) {
    const salt = randomBytes(16);
    const hash = await scryptOf(password, salt, KEY_LENGTH);
    return `scrypt$${toBase64Url(salt)}$${toBase64Url(hash)}`;
  },
  async verifyPassword(password, stored) {
    const [scheme, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const expected = fromBase64Url(hash);
    const actual = await scryptOf(password, fromBase64Url(salt), expected.length);
    let diff = actual.length ^ expected.length;
    for (let i = 0; i < expected.length; i++) diff |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
    return diff === 0;
  },
};

let current: CryptoPlatform = pureCrypto;

/** The hashing in use (pure JS unless an adapter installed its own). */
export function cryptoPlatform(): CryptoPlatform {
  return current;
}

/** Installs a platform's hashing (the Node adapter: node:crypto). Same formats, so it may happen at any time. */
export function installCrypto(platform: CryptoPlatform): void {
  current = platform;
}
