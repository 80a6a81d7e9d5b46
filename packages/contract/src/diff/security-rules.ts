import type { OpenApiDocument } from '@cohort/openapi';
import { type Ctx, emit } from './change-context.ts';
import { join } from './json-pointer.ts';
import type { Node } from './schema-resolve.ts';

/** The operation's security requirements (or the document's), each as a canonical JSON string. */
function securityOf(doc: OpenApiDocument, op: Node): string[] {
  const list = (Array.isArray(op.security) ? op.security : (doc.security ?? [])) as Record<string, string[]>[];
  return list.map((req) =>
    JSON.stringify(
      Object.keys(req)
        .sort()
        .map((k) => [k, [...(req[k] ?? [])].sort()]),
    ),
  );
}

/**
 * Each alternative (requirement object) a client may have used must still be accepted. A client is
 * refused when its alternative is gone, unless the head accepts anonymous calls (`{}`).
 */
export function compareSecurity(ctx: Ctx, bo: Node, ho: Node, opPointer: string): void {
  const bs = securityOf(ctx.base, bo);
  const hs = securityOf(ctx.head, ho);
  const open = (list: string[]) => list.length === 0 || list.includes('[]');
  const names = (list: string[]) =>
    list.map(
      (s) => (JSON.parse(s) as [string, string[]][]).map(([k, v]) => (v.length ? `${k}[${v}]` : k)).join('+') || '{}',
    );
  if (JSON.stringify([...bs].sort()) !== JSON.stringify([...hs].sort())) {
    const pointer = join(opPointer, 'security');
    const before = bs.map((s) => Object.fromEntries(JSON.parse(s)));
    const after = hs.map((s) => Object.fromEntries(JSON.parse(s)));
    const gone = bs.filter((s) => !hs.includes(s));
    const goneText = gone.length > 0 ? ` (${names(gone).join(', ')} no longer listed)` : '';
    if (open(hs) && !open(bs))
      emit(
        ctx,
        'security-removed',
        false,
        pointer,
        `security relaxed: calls without credentials are accepted${goneText}`,
        {
          before,
          after,
        },
      );
    else if (open(bs) && !open(hs))
      emit(ctx, 'security-changed', true, pointer, 'security added: the operation now needs credentials', {
        before,
        after,
      });
    else if (gone.length > 0 && !open(hs))
      emit(ctx, 'security-changed', true, pointer, `security changed: ${names(gone).join(', ')} no longer accepted`, {
        before,
        after,
      });
    else emit(ctx, 'security-changed', false, pointer, 'security alternative added', { before, after });
  }
}
