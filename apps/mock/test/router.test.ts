import type { Operation } from '@cohort/openapi/schema';
import { describe, expect, it } from 'vitest';
import { ContractRouter } from '../src/contract/router.ts';

const op = (method: string, path: string): Operation =>
  ({ method, path, operationId: `${method} ${path}`, parameters: [], secured: false }) as unknown as Operation;

const router = new ContractRouter([
  op('get', '/api/notes/{id}'),
  op('delete', '/api/notes/{id}'),
  op('post', '/api/notes/store'),
  op('get', '/api/users/me/items'),
  op('get', '/api/users/{id}/posts'),
  op('get', '/api/users/{id}/items/{itemId}'),
]);
const hit = (method: string, path: string) => {
  const found = router.match(method, path);
  return found && 'operation' in found ? [found.operation.operationId, found.params] : found;
};

describe('the contract path matcher', () => {
  it('prefers a concrete segment, for dispatch and for 405 alike', () => {
    expect(hit('POST', '/api/notes/store')).toEqual(['post /api/notes/store', {}]);
    expect(hit('GET', '/api/notes/store')).toEqual({ allow: ['POST'] });
    expect(hit('GET', '/api/notes/12')).toEqual(['get /api/notes/{id}', { id: '12' }]);
    expect(hit('PUT', '/api/notes/12')).toEqual({ allow: ['DELETE', 'GET'] });
  });

  it('falls back to a parameter when the concrete branch leads nowhere further on', () => {
    // users/me/posts: "me" is concrete for items only, so it is the {id} of users/{id}/posts.
    expect(hit('GET', '/api/users/me/posts')).toEqual(['get /api/users/{id}/posts', { id: 'me' }]);
    expect(hit('GET', '/api/users/me/items')).toEqual(['get /api/users/me/items', {}]);
    expect(hit('GET', '/api/users/me/items/7')).toEqual([
      'get /api/users/{id}/items/{itemId}',
      { id: 'me', itemId: '7' },
    ]);
  });

  it('matches concrete segments in any case, keeps a parameter as sent, decodes it, and takes one trailing slash', () => {
    expect(hit('GET', '/API/Notes/AbC/')).toEqual(['get /api/notes/{id}', { id: 'AbC' }]);
    expect(hit('post', '/api/NOTES/STORE')).toEqual(['post /api/notes/store', {}]);
    expect(hit('GET', '/api/notes/a%20b')).toEqual(['get /api/notes/{id}', { id: 'a b' }]);
    expect(router.match('GET', '/api/notes/%E0%A4%A')).toEqual({ badEscape: true });
    expect(hit('GET', '/api/notes/12//')).toBeUndefined();
    expect(hit('GET', '/api/notes//')).toBeUndefined();
    expect(hit('GET', '/api/notes/1/2')).toBeUndefined();
  });
});

describe('the paths the matcher remembers', () => {
  it('finds a path asked again the same, its parameters shared and frozen', () => {
    const fresh = new ContractRouter([op('get', '/api/notes/{id}')]);
    const first = fresh.match('GET', '/api/notes/42');
    const again = fresh.match('GET', '/api/notes/42');
    expect(again).toEqual(first);
    expect(again && 'params' in again && again.params).toEqual({ id: '42' });
    const params = again && 'params' in again ? again.params : {};
    expect(Object.isFrozen(params)).toBe(true);
    // A bad escape and a miss are remembered as what they are.
    expect(fresh.match('GET', '/api/notes/%E0%A4%A')).toEqual({ badEscape: true });
    expect(fresh.match('GET', '/api/notes/%E0%A4%A')).toEqual({ badEscape: true });
    expect(fresh.match('GET', '/api/nowhere')).toBeUndefined();
    expect(fresh.match('GET', '/api/nowhere')).toBeUndefined();
  });

  it('still answers every path right once more paths came than it keeps', () => {
    const fresh = new ContractRouter([op('get', '/api/notes/{id}'), op('post', '/api/notes/store')]);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5000; i++) {
        const found = fresh.match('GET', `/api/notes/n${i}`);
        expect(found && 'params' in found ? found.params.id : undefined).toBe(`n${i}`);
      }
      expect(fresh.match('GET', '/api/notes/store')).toEqual({ allow: ['POST'] });
    }
    // A long path is looked up each time, not kept.
    const long = `/api/notes/${'x'.repeat(500)}`;
    expect(fresh.match('GET', long)).toEqual(fresh.match('GET', long));
  });
});
