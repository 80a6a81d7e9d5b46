import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * What the build writes beside the bundle for a start to read instead of making it again (the
 * default seed, the parsed contract): a first line of JSON naming what the file was made from,
 * then the JSON made. A start reads it only when that first line is what it would make it from.
 */
export function writeBuiltJson(file: string, header: unknown, body: unknown): void {
  writeFileSync(file, `${JSON.stringify(header)}\n${JSON.stringify(body)}`);
}

/**
 * The JSON of `file` when `accept` takes its first line; undefined when there is no such file, or
 * it is damaged (only a missed shortcut: the caller makes it again), or it was made from something else.
 */
export function readBuiltJson<Header, T>(file: string, accept: (header: Header) => boolean): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const text = readFileSync(file, 'utf8');
    const end = text.indexOf('\n');
    if (!accept(JSON.parse(text.slice(0, end)) as Header)) return undefined;
    return JSON.parse(text.slice(end + 1)) as T;
  } catch {
    return undefined;
  }
}
