import { afterEach, expect } from 'vitest';
import { killChildren } from './child.ts';
import { drift } from './drift.ts';

// Run before every test file (not by the helpers' import, which a worker that keeps modules between
// files evaluates once): after each test, no drift from the contract and no mock process left.
afterEach(() => {
  killChildren();
  const seen = drift.splice(0);
  expect(seen, 'responses that do not match the contract').toEqual([]);
});
