import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { LIMIT_SOURCES, LIMITS } from '../src/index.ts';

type Schema = {
  properties?: Record<string, Record<string, unknown>>;
  anyOf?: { $ref?: string }[];
  oneOf?: { $ref?: string }[];
};

describe('LIMITS', () => {
  const doc = load(readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8'), {
    schema: CORE_SCHEMA,
  }) as { components: { schemas: Record<string, Schema> } };

  it.each(Object.entries(LIMIT_SOURCES))('%s equals the contract', (name, [schema, property, keyword]) => {
    const fromContract = doc.components.schemas[schema]?.properties?.[property]?.[keyword];
    expect(fromContract).toBeTypeOf('number');
    expect(LIMITS[name as keyof typeof LIMITS]).toBe(fromContract);
  });

  it.each(Object.entries(LIMIT_SOURCES))(
    '%s is the same in every other branch of its body',
    (_name, [schema, property, keyword]) => {
      const ref = `#/components/schemas/${schema}`;
      const bodies = Object.values(doc.components.schemas).filter((s) =>
        [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((b) => b.$ref === ref),
      );
      for (const body of bodies)
        for (const branch of [...(body.anyOf ?? []), ...(body.oneOf ?? [])]) {
          const other = doc.components.schemas[branch.$ref?.split('/').pop() ?? '']?.properties?.[property];
          if (other)
            expect(other[keyword], branch.$ref).toBe(doc.components.schemas[schema]?.properties?.[property]?.[keyword]);
        }
    },
  );
});
