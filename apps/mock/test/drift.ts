/** Every contract drift seen by `contractFetch` (and each server's bugs) in the current test; test/setup.ts checks it after each test. */
export const drift: string[] = [];
