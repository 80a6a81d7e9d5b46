// orval's common outputs, each as its own project: fetch (with MSW mocks), axios, react-query, zod.
// `split` mode is what orval's docs use with mocks (schemas, client and mocks in separate files).
const input = '../openapi.yaml';
const output = (name, client, extra = {}) => ({
  target: `./out/orval-${name}/api.ts`,
  client,
  mode: 'split',
  ...extra,
});

// orval's default mock array size (`override.mock.arrayMax`), which it applies only where a schema
// has no `maxItems`; every array in the contract has one, so the transformer below applies it.
export const MOCK_ARRAY_MAX = 10;

/**
 * What the mocks are generated from (the contract itself is untouched, and check.ts validates every
 * mock answer against the contract as written). Two settings, each for a known orval/faker limit:
 * - `pattern`: orval passes it to `faker.helpers.fromRegExp` as a string, and faker strips `^…$`
 *   only from a RegExp object, so the anchors end up in the value (orval-labs/orval#3154; the
 *   workaround given there). A generated string is whole by construction, so the anchors add nothing.
 *   faker's generator has no groups or alternation either, so a pattern that is one group of
 *   alternatives (a URL field: a web address or a media path) generates from its first alternative,
 *   whose every value matches the whole pattern.
 * - `maxItems`: orval makes each mock array up to the schema's `maxItems` long (arrayMax is only a
 *   fallback), so a Channel list of 5,000 with 200,000 members each never finishes; mocks use at
 *   most MOCK_ARRAY_MAX items, still within every array's bounds (no `minItems` is above 1).
 */
/** `(A|B|…)` → `A` when the group spans the whole pattern; any other pattern as it is. */
export function firstAlternative(pattern) {
  if (!pattern.startsWith('(') || !pattern.endsWith(')')) return pattern;
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0 && i !== pattern.length - 1) return pattern;
    } else if (c === '|' && depth === 1) return pattern.slice(1, i);
  }
  return pattern;
}

export function mockFriendly(spec) {
  const seen = new WeakSet();
  const walk = (node) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (typeof node.pattern === 'string')
      node.pattern = firstAlternative(node.pattern.replace(/^\^/, '').replace(/(?<!\\)\$$/, ''));
    if (typeof node.maxItems === 'number' && node.maxItems > MOCK_ARRAY_MAX)
      node.maxItems = Math.max(MOCK_ARRAY_MAX, node.minItems ?? 0);
    for (const value of Object.values(node)) walk(value);
  };
  walk(spec);
  return spec;
}

export default {
  fetch: {
    input: { target: input, override: { transformer: mockFriendly } },
    output: output('fetch', 'fetch', { mock: true }),
  },
  axios: { input, output: output('axios', 'axios') },
  reactQuery: { input, output: output('react-query', 'react-query') },
  zod: { input, output: output('zod', 'zod') },
};
