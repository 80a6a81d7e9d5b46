import { describe, expect, it } from 'vitest';
import { type CpuProfile, moduleOf, summariseProfile } from '../src/cpu-profile.ts';

describe('moduleOf', () => {
  it.each([
    ['file:///w/node_modules/.pnpm/router@2.2.0/node_modules/router/index.js', 'next', 'router'],
    ['file:///w/node_modules/.pnpm/@faker-js+faker@10/node_modules/@faker-js/faker/dist/x.js', 'f', '@faker-js/faker'],
    ['file:///w/apps/mock/src/routes/notes.ts', 'list', 'apps/mock/src/routes/notes.ts'],
    ['node:internal/http', 'writeHead', 'node internals'],
    ['', '(garbage collector)', '(garbage collector)'],
    ['', 'writev', '(native)'],
  ])('%s', (url, functionName, want) => {
    expect(moduleOf(url, functionName)).toBe(want);
  });
});

const frame = (id: number, functionName: string, url = '') => ({ id, callFrame: { functionName, url, lineNumber: 9 } });

describe('summariseProfile', () => {
  // Samples every 1000 µs: node 2 (router) ×2 early, node 3 (ours) ×3 late, node 4 idle ×1.
  const profile: CpuProfile = {
    nodes: [
      frame(1, '(root)'),
      frame(2, 'next', 'file:///w/node_modules/router/index.js'),
      frame(3, 'listNotes', 'file:///w/apps/mock/src/routes/notes.ts'),
      frame(4, '(idle)'),
      frame(5, 'end', 'node:_http_outgoing'),
    ],
    samples: [2, 2, 4, 3, 3, 3, 5],
    timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000],
    startTime: 0,
    endTime: 7000,
  };

  it('attributes self time to functions and modules, ignoring idle time', () => {
    const summary = summariseProfile(profile);
    expect(summary.busyMs).toBe(6);
    expect(summary.functions).toEqual([
      { name: 'listNotes (apps/mock/src/routes/notes.ts:10)', ms: 3, share: 0.5 },
      { name: 'next (router:10)', ms: 2, share: 2 / 6 },
      { name: 'end (node:_http_outgoing:10)', ms: 1, share: 1 / 6 },
    ]);
    expect(summary.modules.map((spot) => spot.name)).toEqual([
      'apps/mock/src/routes/notes.ts',
      'router',
      'node internals',
    ]);
  });

  it('keeps only the final window when asked, so start-up is left out', () => {
    const summary = summariseProfile(profile, { lastMs: 3 });
    expect(summary.busyMs).toBe(4);
    expect(summary.functions.map((spot) => spot.name)).toEqual([
      'listNotes (apps/mock/src/routes/notes.ts:10)',
      'end (node:_http_outgoing:10)',
    ]);
  });

  it('falls back to hit counts when there are no samples', () => {
    const summary = summariseProfile({
      nodes: [{ ...frame(2, 'next', 'file:///w/node_modules/router/index.js'), hitCount: 4 }],
      startTime: 0,
      endTime: 8000,
    });
    expect(summary.busyMs).toBe(8);
  });
});
