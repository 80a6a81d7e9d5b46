import { describe, expect, it } from 'vitest';
import { bearerToken } from '../src/engine/auth.ts';

/** The header's grammar as the mock reads it: `Bearer`, any case, whitespace, one token, optional whitespace. */
const GRAMMAR = /^Bearer\s+(\S+)\s*$/i;

describe('bearerToken', () => {
  it.each([
    ['Bearer 12|abcDEF-_.~+/=', '12|abcDEF-_.~+/='],
    ['bearer 12|abc', '12|abc'],
    ['BEARER\t12|abc', '12|abc'],
    ['Bearer  12|abc', '12|abc'],
    ['Bearer 12|abc  ', '12|abc'],
    ['Bearer tok\u00e9n', 'tok\u00e9n'],
    ['Bearer \u00a012|abc', '12|abc'],
    ['Bearer 12|a bc', undefined],
    ['Bearer ', undefined],
    ['Bearer', undefined],
    ['Basic dXNlcjpwYXNz', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j, as the grammar reads it', (header, token) => {
    expect(bearerToken(header)).toBe(token);
    expect(bearerToken(header)).toBe(header === undefined ? undefined : GRAMMAR.exec(header)?.[1]);
  });
});
