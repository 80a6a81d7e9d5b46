import { isAscii } from 'node:buffer';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBuiltJson, writeBuiltJson } from '../src/lib/built-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-built-file-'));
// Accented letters, a typographic apostrophe (the seed's messages have them), an emoji (two UTF-16 units), DEL.
const body = { name: 'Zoë Ångström', message: 'I’ll bring snacks 🍕', control: '\u007f', plain: 'ascii' };

describe('built JSON beside the bundle', () => {
  it('is written in ASCII only, and read back as the same strings', () => {
    const file = join(dir, 'ascii.json');
    writeBuiltJson(file, { made: 'from this' }, body);
    const bytes = readFileSync(file);
    expect(isAscii(bytes)).toBe(true);
    expect(bytes.toString('latin1')).toContain('\\u2019');
    expect(readBuiltJson(file, (header: { made?: string }) => header.made === 'from this')).toEqual(body);
  });

  it('a file in UTF-8 (written another way) is read as UTF-8', () => {
    const file = join(dir, 'utf8.json');
    writeFileSync(file, `{"made":"elsewhere"}\n${JSON.stringify(body)}`);
    expect(isAscii(readFileSync(file))).toBe(false);
    expect(readBuiltJson(file, () => true)).toEqual(body);
  });

  it('is not read when its first line is refused, or it is damaged or missing', () => {
    const file = join(dir, 'refused.json');
    writeBuiltJson(file, { made: 'from that' }, body);
    expect(readBuiltJson(file, (header: { made?: string }) => header.made === 'from this')).toBeUndefined();
    writeFileSync(file, '{"made":"from this"}\n{"name": "cut sho');
    expect(readBuiltJson(file, () => true)).toBeUndefined();
    expect(readBuiltJson(join(dir, 'missing.json'), () => true)).toBeUndefined();
  });
});
