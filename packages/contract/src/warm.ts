import { jsonMedia } from './checks/response-schema-conformance.ts';
import type { RunContext } from './context.ts';
import { jsonRequestSchema } from './inputs.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Compiles the validators the run will need (each selected operation's JSON responses and request
 * body), one per turn of the event loop, while the first requests wait on the server (sign-in
 * hashes passwords). Compiling is most of the checker's own start-up cost; done here it overlaps
 * that wait instead of holding up each first answer. Only the caches change: the checks, and what
 * they find, are the same. A schema that does not compile is left for the check to report.
 */
export async function warmValidators(ctx: RunContext): Promise<void> {
  for (const op of ctx.operations.values()) {
    if (!ctx.isSelected(op.operationId)) continue;
    const schemas: [SchemaKind, string, unknown][] = [];
    for (const [status, response] of Object.entries(op.responses)) {
      const media = jsonMedia(response.content ?? {});
      if (media?.schema) schemas.push(['response', `${op.operationId} ${status}`, media.schema]);
    }
    const body = jsonRequestSchema(op);
    if (body !== undefined) schemas.push(['request', `${op.operationId} body`, body]);
    for (const [kind, key, schema] of schemas) {
      try {
        (kind === 'response' ? ctx.responses : ctx.requests).validator(key, schema);
      } catch {
        // The check that needs it compiles it again and reports the error there.
      }
      await nextTurn();
    }
  }
}

type SchemaKind = 'response' | 'request';
