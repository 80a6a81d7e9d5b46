import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractPath, loadContract, parseContract } from '../src/index.ts';

// Contracts are read with js-yaml (faster); `yaml`, the YAML 1.2 reference, checks it reads them alike.
describe('parseContract', () => {
  it('reads openapi.yaml exactly as the yaml package does', () => {
    const text = readFileSync(contractPath, 'utf8');
    expect(parseContract(text)).toStrictEqual(parse(text));
    expect(loadContract()).toStrictEqual(parse(text));
  });

  it('keeps YAML 1.2 core scalars: dates and yes/no stay strings, numbers and booleans are typed', () => {
    const doc = parseContract('a: 2026-11-25\nb: yes\nc: 0o17\nd: true\ne: 1.5\nf: ~\ng: "x"\n');
    expect(doc).toStrictEqual({ a: '2026-11-25', b: 'yes', c: 15, d: true, e: 1.5, f: null, g: 'x' });
  });

  it('reads a JSON contract', () => {
    expect(parseContract('{"openapi":"3.1.0","paths":{}}')).toStrictEqual({ openapi: '3.1.0', paths: {} });
  });
});

describe('loadContract', () => {
  it('names the problem in a file that is not YAML, and a file that is missing', () => {
    expect(() => parseContract('openapi: [3.1.0\n  paths: {\n')).toThrow(/\(2:8\)/);
    expect(() => loadContract('/nonexistent/openapi.yaml')).toThrow(/ENOENT/);
  });
});
