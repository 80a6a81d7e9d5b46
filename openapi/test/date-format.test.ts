import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { isFullDate } from '../src/schema.ts';

const ajvFormatsDate = fullFormats.date as { validate: (text: string) => boolean };
const pad = (value: number, width: number) => String(value).padStart(width, '0');

describe('format: date', () => {
  it('decides every year, month and day as ajv-formats does (leap years, 00, 13, 32 included)', () => {
    let checked = 0;
    for (const year of [0, 4, 100, 400, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isFullDate(text), text).toBe(ajvFormatsDate.validate(text));
          checked++;
        }
      }
    }
    expect(checked).toBe(12 * 14 * 33);
  });

  it('refuses what is not YYYY-MM-DD, as ajv-formats does', () => {
    const cases = [
      '',
      '2024-02-2',
      '2024-2-02',
      '02024-02-02',
      '2024-02-021',
      '2024/02/02',
      '2024-02-02 ',
      ' 2024-02-02',
      '2024-02-02\n',
      '+024-02-02',
      '2024-0a-02',
      '2024-02-0\u0663',
      '\uff12024-02-02',
      '2024-02-02T00:00:00Z',
      '2024--2-02',
      '-024-02-02',
    ];
    for (const text of cases) expect(isFullDate(text), JSON.stringify(text)).toBe(ajvFormatsDate.validate(text));
    expect(cases.every((text) => !isFullDate(text))).toBe(true);
  });
});
