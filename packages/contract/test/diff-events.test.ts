import { loadContract, type OpenApiDocument } from '@cohort/openapi';
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../src/diff/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: test contracts are edited freely
type Doc = Record<string, any>;

const EVENTS = '/paths/~1api~1v1~1channels~1{id}~1stream/get/responses/200/content/text~1event-stream/x-events';

/** The real contract against a copy changed by `mutate`: the changes reached through streamChannel's events. */
function eventChanges(mutate: (d: Doc) => void) {
  const base = loadContract();
  const head = structuredClone(base) as Doc;
  mutate(head);
  return diffContracts(base, head as OpenApiDocument).filter((c) => c.pointer.startsWith(EVENTS));
}

const schemas = (d: Doc) => d.components.schemas;

describe('diff: the events of a stream, judged as a listener reads them', () => {
  it('finds no change between the contract and itself', () => {
    expect(eventChanges(() => undefined)).toEqual([]);
  });

  it('an event removed is breaking', () => {
    const changes = eventChanges((d) => {
      const union = schemas(d).ChannelStreamEvent;
      union.oneOf = union.oneOf.filter((m: { $ref: string }) => !m.$ref.endsWith('/ChannelPresenceEvent'));
      delete union.discriminator.mapping.presence;
    });
    expect(changes).toEqual([
      expect.objectContaining({
        operationId: 'streamChannel',
        code: 'event-removed',
        severity: 'breaking',
        pointer: `${EVENTS}/presence`,
        message: 'event presence removed from the stream',
      }),
    ]);
  });

  it("a field of an event's data removed is breaking, like a response field", () => {
    const changes = eventChanges((d) => {
      const data = schemas(d).ChannelPresenceEvent.properties.data;
      delete data.properties.online_count;
      data.required = [];
    });
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'response-field-removed',
          severity: 'breaking',
          pointer: `${EVENTS}/presence/properties/data/properties/online_count`,
          location: '/components/schemas/ChannelPresenceEvent/properties/data/properties/online_count',
        }),
      ]),
    );
  });

  it('a field added to an event and a new event are not breaking', () => {
    const changes = eventChanges((d) => {
      schemas(d).ChannelPresenceEvent.properties.data.properties.typing = { type: 'integer' };
      schemas(d).ChannelTypingEvent = {
        type: 'object',
        required: ['event', 'data'],
        properties: { event: { type: 'string', const: 'typing' }, data: { type: 'object' } },
      };
      schemas(d).ChannelStreamEvent.oneOf.push({ $ref: '#/components/schemas/ChannelTypingEvent' });
      schemas(d).ChannelStreamEvent.discriminator.mapping.typing = '#/components/schemas/ChannelTypingEvent';
    });
    expect(changes.map((c) => [c.code, c.severity])).toEqual(
      expect.arrayContaining([
        ['field-added', 'non-breaking'],
        ['event-added', 'non-breaking'],
      ]),
    );
    expect(changes.filter((c) => c.severity === 'breaking')).toEqual([]);
  });
});
