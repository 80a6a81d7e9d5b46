import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/generate.mjs', import.meta.url));

describe('generated client', () => {
  it('is in sync with openapi/openapi.yaml (regenerated into a temp file and compared)', () => {
    const out = execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/in sync/);
    // A child process generating from a 4,700-line contract: on a busy 2-core machine this takes
    // several seconds, and vitest's 5 s default is not what this test is about.
  }, 60_000);
});
