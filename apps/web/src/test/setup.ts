import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { serveEachFile } from './api.ts';

// The first render of a lazy route compiles its chunk; on a 2-core machine running the other suites beside
// this one that can pass 5 s.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// After the hooks above, so its afterEach runs first (unmount, then the engine's reset).
serveEachFile();
