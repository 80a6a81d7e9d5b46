import { describe, expect, it } from 'vitest';
import { cell, checkFixture, type Defect, failuresOf } from './helpers.ts';

const only = { operations: ['uploadMedia'], include: 'all' as const, examples: false };

describe('multipart uploads (upload_conformance)', () => {
  it('passes a server that stores a valid file, refuses too large, wrong and mismatched ones, and serves files safely', async () => {
    const result = await checkFixture(undefined, only);
    expect(failuresOf(result, 'uploadMedia', 'upload_conformance')).toEqual([]);
    expect(cell(result, 'uploadMedia', 'upload_conformance')).toMatchObject({ status: 'pass' });
    expect(cell(result, 'uploadMedia', 'upload_conformance')?.runs).toBeGreaterThanOrEqual(6);
  });

  it.each([
    ['upload-no-size-limit', /5242881 bytes for use avatar: expected 413, got 201/],
    ['upload-no-type-check', /a PDF for use avatar: expected 415, got 201/],
    [
      'upload-trusts-declared-type',
      /PDF bytes named photo\.png, declared image\/png \(use attachment\): expected 422, got 201/,
    ],
    ['served-sniffable', /served \/media\/.*: X-Content-Type-Options/],
    ['served-inline', /served \/media\/.*agenda\.txt: Content-Disposition of a file that is not an image/],
    ['served-wrong-type', /served \/media\/.*agenda\.txt: Content-Type/],
  ] as [Defect, RegExp][])('%s is caught', async (defect, message) => {
    const result = await checkFixture(defect, only);
    const found = failuresOf(result, 'uploadMedia', 'upload_conformance');
    expect(found.map((f) => f.message)).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
    expect(found.find((f) => message.test(f.message))?.curl).toMatch(/^curl -i -X (POST|GET) 'http/);
  });
});
