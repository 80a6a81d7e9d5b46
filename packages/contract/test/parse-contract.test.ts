import { readFileSync } from 'node:fs';
import { contractPath, loadContract } from '@cohort/openapi';
import { describe, expect, it } from 'vitest';
import { parseContract } from '../src/index.ts';

// The checker reads contracts with js-yaml (faster); the rest of the monorepo with `yaml`.
describe('parseContract', () => {
  it('reads openapi.yaml exactly as the yaml package does', () => {
    expect(parseContract(readFileSync(contractPath, 'utf8'))).toStrictEqual(loadContract());
  });

  it('keeps YAML 1.2 core scalars: dates and yes/no stay strings, numbers and booleans are typed', () => {
    const doc = parseContract('a: 2026-11-25\nb: yes\nc: 0o17\nd: true\ne: 1.5\nf: ~\ng: "x"\n');
    expect(doc).toStrictEqual({ a: '2026-11-25', b: 'yes', c: 15, d: true, e: 1.5, f: null, g: 'x' });
  });

  it('reads a JSON contract', () => {
    expect(parseContract('{"openapi":"3.1.0","paths":{}}')).toStrictEqual({ openapi: '3.1.0', paths: {} });
  });
});
