import { randomBytes, toBase64Url } from './crypto.ts';

export type IdPrefix = 'usr' | 'chan' | 'msg' | 'int' | 'call' | 'post' | 'cmt' | 'sty' | 'med';

/** An id made at runtime: the prefix and 16 url-safe characters from Web Crypto. */
export function randomId(prefix: IdPrefix): string {
  return `${prefix}_${toBase64Url(randomBytes(12))}`;
}

/** An opaque bearer token: 32 random bytes. */
export function newToken(): string {
  return toBase64Url(randomBytes(32));
}
