import { type HttpMethod, type OpenApiDocument, resolveRef } from '@cohort/openapi';
import { type Ctx, emit } from './change-context.ts';
import { join } from './json-pointer.ts';
import type { Node } from './schema-resolve.ts';
import { compareSchema } from './schema-rules.ts';

interface LocatedParameter {
  parameter: Node;
  pointer: string;
}

/** The path item's and the operation's parameters, keyed `in:name` (header names lower-cased). */
function parametersOf(
  doc: OpenApiDocument,
  path: string,
  item: Node,
  method: HttpMethod,
): Map<string, LocatedParameter> {
  const out = new Map<string, LocatedParameter>();
  const add = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((p, i) => {
      const parameter = resolveRef<Node>(doc, p as Node);
      const where = String(parameter.in);
      const name = where === 'header' ? String(parameter.name).toLowerCase() : String(parameter.name);
      out.set(`${where}:${name}`, { parameter, pointer: join(pointer, 'parameters', i) });
    });
  };
  add(item.parameters, join('/paths', path));
  add((item[method] as Node).parameters, join('/paths', path, method));
  return out;
}

/** Parameters removed, added or made required, and each kept parameter's schema (a request side). */
export function compareParameters(ctx: Ctx, bItem: Node, hItem: Node): void {
  const { path, method } = ctx.op;
  const bps = parametersOf(ctx.base, path, bItem, method);
  const hps = parametersOf(ctx.head, path, hItem, method);
  for (const [key, { pointer }] of bps) {
    if (!hps.has(key)) emit(ctx, 'parameter-removed', true, pointer, `parameter ${key} removed`, { side: 'request' });
  }
  for (const [key, { parameter, pointer }] of hps) {
    const old = bps.get(key);
    if (!old) {
      if (parameter.required === true)
        emit(ctx, 'required-parameter-added', true, pointer, `new required parameter ${key}`, { side: 'request' });
      else emit(ctx, 'parameter-added', false, pointer, `new optional parameter ${key}`, { side: 'request' });
      continue;
    }
    if (parameter.required === true && old.parameter.required !== true)
      emit(ctx, 'parameter-became-required', true, join(pointer, 'required'), `parameter ${key} became required`, {
        side: 'request',
      });
    if (old.parameter.schema !== undefined && parameter.schema !== undefined)
      compareSchema(
        ctx,
        old.parameter.schema,
        parameter.schema,
        join(pointer, 'schema'),
        join(old.pointer, 'schema'),
        join(pointer, 'schema'),
        'request',
        new Set(),
      );
  }
}
