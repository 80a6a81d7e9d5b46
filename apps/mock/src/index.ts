/**
 * What other packages start the mock with: the app (`createApp`) served by `createMockServer`
 * over a `Store` of `seedState()`, in-process; or the whole server as a child process (`startMock`).
 */

export { createMockEngine, type MockEngine, type MockEngineOptions } from './adapters/node.ts';
export { createMockServer } from './adapters/server.ts';
export { createApp, type MockOptions } from './app.ts';
export { hashPassword } from './engine/password.ts';
export { DEMO_ACCOUNT, SEEDED_PASSWORD, seedState } from './seed/index.ts';
export { mockMainPath, type StartedMock, startMock } from './start.ts';
export { Store, type StoreOptions } from './store/store.ts';
