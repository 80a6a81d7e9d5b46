import { isAscii } from 'node:buffer';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Every character outside ASCII, escaped as JSON spells it (`\u00e9`): JSON.parse gives the same strings back. */
const NON_ASCII = /[\u007f-\uffff]/g;
const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * What the build writes beside the bundle for a start to read instead of making it again (the
 * default seed, the parsed contract): a first line of JSON naming what the file was made from,
 * then the JSON made, in ASCII only (see `readBuiltJson`). A start reads it only when that first
 * line is what it would make it from.
 */
export function writeBuiltJson(file: string, header: unknown, body: unknown): void {
  writeFileSync(file, `${JSON.stringify(header)}\n${JSON.stringify(body)}`.replace(NON_ASCII, escapeChar));
}

/**
 * The JSON of `file` when `accept` takes its first line; undefined when there is no such file, or
 * it is damaged (only a missed shortcut: the caller makes it again), or it was made from something else.
 * A file in ASCII (as written) becomes a string without decoding UTF-8: of the 4 MB default
 * seed's read and parse, a third less time. Any other file is read as UTF-8.
 */
export function readBuiltJson<Header, T>(file: string, accept: (header: Header) => boolean): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const bytes = readFileSync(file);
    const text = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
    const end = text.indexOf('\n');
    if (!accept(JSON.parse(text.slice(0, end)) as Header)) return undefined;
    return JSON.parse(text.slice(end + 1)) as T;
  } catch {
    return undefined;
  }
}
