import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Parser } from '@asyncapi/parser';
import yaml from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/index.ts';

const file = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const text = readFileSync(file('../asyncapi.yaml'), 'utf8');
const contract = loadContract();

type Schema = { properties?: Record<string, unknown>; discriminator?: { mapping?: Record<string, string> } };
const schemas = contract.components?.schemas as Record<string, Schema>;

/** The event streams as the contract declares them: operationId, path, and event name → schema name. */
function streams(): { id: string; path: string; events: Record<string, string> }[] {
  const out: { id: string; path: string; events: Record<string, string> }[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const op of Object.values(item as Record<string, { operationId?: string; responses?: unknown }>)) {
      const media = (op?.responses as Record<string, { content?: Record<string, Record<string, unknown>> }>)?.['200']
        ?.content?.['text/event-stream'];
      const named = media?.['x-events'];
      const ref = typeof named === 'string' ? named : (named as { $ref?: string } | undefined)?.$ref;
      if (!op.operationId || !ref) continue;
      const mapping = schemas[ref.split('/').at(-1) as string]?.discriminator?.mapping ?? {};
      out.push({
        id: op.operationId,
        path,
        events: Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, v.split('/').at(-1) as string])),
      });
    }
  }
  return out;
}

// One parse for the file: the parser runs Spectral's rule set, seconds on a busy machine.
let parsed: Awaited<ReturnType<Parser['parse']>>;
beforeAll(async () => {
  parsed = await new Parser().parse(text);
}, 60_000);

describe('openapi/asyncapi.yaml', () => {
  it('is a valid AsyncAPI 3 document by the AsyncAPI parser, without errors or warnings', () => {
    const { document, diagnostics } = parsed;
    // Severity 0 is an error, 1 a warning.
    expect(
      diagnostics.filter((d) => d.severity <= 1).map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`),
    ).toEqual([]);
    expect(document?.version()).toMatch(/^3\./);
  });

  it("has a channel per event stream, and a message per event with the event's data as its payload", () => {
    const { document } = parsed;
    const declared = streams();
    expect(declared.map((s) => s.id).sort()).toEqual(['streamChannel', 'streamMe']);
    for (const stream of declared) {
      const channel = document?.channels().get(stream.id);
      expect(channel?.address(), stream.id).toBe(stream.path);
      const names =
        channel
          ?.messages()
          .all()
          .map((m) => m.name()) ?? [];
      expect(names.sort(), stream.id).toEqual(Object.keys(stream.events).sort());
    }
    // The payload is the contract's `data` schema as written ($refs to the same component names).
    const raw = yaml.load(text) as { components: { messages: Record<string, { payload: unknown }>; schemas: object } };
    for (const stream of declared) {
      for (const schema of Object.values(stream.events)) {
        expect(raw.components.messages[schema]?.payload, schema).toEqual(schemas[schema]?.properties?.data);
      }
    }
    expect(Object.keys(raw.components.schemas)).toContain('Message');
  });

  it('is what the generator makes of the contract (regenerate after changing an event)', () => {
    const out = execFileSync(process.execPath, [file('../scripts/asyncapi.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/in sync/);
  });
});
