import { describe, expect, it } from 'vitest';
import { pass } from '../src/checks/diagnostic.ts';
import { NOT_EXERCISED, Recorder } from '../src/recorder.ts';

describe('Recorder', () => {
  it('reports a check that applies to every call but never ran as not exercised, not as not applicable', () => {
    const recorder = new Recorder(new Set(['getMe']));
    recorder.add(pass('getMe', 'ignored_auth'));
    const { cells } = recorder.results(['getMe']);
    const reason = (check: string) => cells.find((c) => c.check === check)?.reason;
    expect(reason('positive_data_acceptance')).toBe(NOT_EXERCISED);
    expect(reason('response_schema_conformance')).toBe(NOT_EXERCISED);
    expect(reason('use_after_free')).toBe('not applicable');
    expect(cells.find((c) => c.check === 'ignored_auth')?.status).toBe('pass');
  });
});
