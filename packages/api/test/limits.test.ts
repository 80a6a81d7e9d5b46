import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { LIMIT_SOURCES, LIMITS } from '../src/index.ts';

type Schema = { properties?: Record<string, Record<string, unknown>> };

describe('LIMITS', () => {
  const doc = load(readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8'), {
    schema: CORE_SCHEMA,
  }) as { components: { schemas: Record<string, Schema> } };

  it.each(Object.entries(LIMIT_SOURCES))('%s equals the contract', (name, [schema, property, keyword]) => {
    const fromContract = doc.components.schemas[schema]?.properties?.[property]?.[keyword];
    expect(fromContract).toBeTypeOf('number');
    expect(LIMITS[name as keyof typeof LIMITS]).toBe(fromContract);
  });
});
