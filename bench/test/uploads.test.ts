import { describe, expect, it } from 'vitest';
import { uploadBody } from '../src/uploads.ts';

describe('uploadBody', () => {
  it('is use=resume first, then a PDF of exactly the résumé limit, then the closing boundary', () => {
    const body = uploadBody();
    const text = body.toString('latin1');
    const start = text.indexOf('%PDF-1.4');
    const end = text.lastIndexOf('\r\n--');
    expect(text.indexOf('name="use"')).toBeLessThan(text.indexOf('name="file"'));
    expect(text).toContain('\r\n\r\nresume\r\n');
    expect(end - start).toBe(10 * 1048576);
    expect(text.endsWith('--\r\n')).toBe(true);
  });
});
