import { cryptoPlatform } from '../lib/crypto.ts';

/** `scrypt$<salt>$<hash>`, both base64url; scrypt's default cost (N=16384, r=8, p=1). */
export function hashPassword(password: string): Promise<string> {
  return cryptoPlatform().hashPassword(password);
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return cryptoPlatform().verifyPassword(password, stored);
}
