import type { Faker } from '@faker-js/faker';

type Part = string | { module: string; name: string };

/** A pattern split once into its text and its `{{module.name}}` placeholders. */
function compile(pattern: string): Part[] {
  const parts: Part[] = [];
  let rest = pattern;
  for (;;) {
    const start = rest.search(/{{[a-z]/);
    const end = start === -1 ? -1 : rest.indexOf('}}', start);
    if (start === -1 || end === -1) break;
    if (start > 0) parts.push(rest.slice(0, start));
    const [module = '', name = ''] = rest.slice(start + 2, end).split('.');
    parts.push({ module, name });
    rest = rest.slice(end + 2);
  }
  if (rest !== '') parts.push(rest);
  return parts;
}

const compiled = new WeakMap<readonly string[], Part[][]>();

/**
 * What `f.helpers.fake(patterns)` returns, with the same random draws in the same order, for
 * patterns whose placeholders are `{{module.name}}` (a method of faker's module, or a list of the
 * locale's definitions). faker parses each pattern again on every call, which made a tenth of a
 * 100,000-user seed; here each is split once. Like faker, a placeholder that names both a method
 * and a definitions list draws from the list first (and discards it), then calls the method.
 */
export function fakePattern(f: Faker, patterns: readonly string[]): string {
  let parsed = compiled.get(patterns);
  if (!parsed) {
    parsed = patterns.map(compile);
    compiled.set(patterns, parsed);
  }
  const parts = f.helpers.arrayElement(parsed);
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const method = (f as unknown as Record<string, Record<string, unknown> | undefined>)[part.module]?.[part.name];
    const listed = (f.rawDefinitions as Record<string, Record<string, unknown> | undefined>)[part.module]?.[part.name];
    const drawn = Array.isArray(listed) ? f.helpers.arrayElement(listed) : listed;
    if (typeof method === 'function') out += String(method());
    else if (drawn !== undefined && drawn !== null) out += String(drawn);
    else throw new Error(`fakePattern: cannot resolve {{${part.module}.${part.name}}}`);
  }
  return out;
}
