import {
  describeErrors,
  learnIds,
  listOperations,
  type OpenApiDocument,
  type Operation,
  type RecordedExchange,
  type Records,
  type ReplayAnswer,
  replayRecords,
  type Send,
} from '@cohort/openapi';
import { jsonMedia } from '../checks/response-schema-conformance.ts';
import { documentedResponse } from '../checks/status-code-conformance.ts';
import { atPointer, SchemaBook } from '../schema.ts';

/** Where a server's answer differs from the recording. */
export interface ReplayDifference {
  /** The exchange's place in the recording, from 0. */
  index: number;
  operationId: string | null;
  method: string;
  /** The path as sent to the server (ids carried). */
  path: string;
  /** `status`: another status; `schema`: the answer breaks the contract; `field`: a field the flow read is missing or changed. */
  kind: 'status' | 'schema' | 'field';
  message: string;
}

export interface ReplayResult {
  baseUrl: string;
  /** Exchanges sent. */
  replayed: number;
  /** Exchanges not sent, and why. */
  skipped: { index: number; operationId: string | null; reason: string }[];
  differences: ReplayDifference[];
}

const ID_KEY = /(?:^|_)ids?$/i;

/** Each scalar of a JSON value, by its JSON pointer. */
function scalars(value: unknown, pointer = '', out = new Map<string, string | number>(), depth = 0) {
  if (depth > 32) return out;
  if (typeof value === 'string' || typeof value === 'number') out.set(pointer, value);
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) scalars(item, `${pointer}/${i}`, out, depth + 1);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value))
      scalars(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, out, depth + 1);
  }
  return out;
}

/** What a request carries that an earlier answer may have given it: path segments, query values, id-shaped body fields. */
function carriedValues(exchange: RecordedExchange): Set<string> {
  const out = new Set<string>();
  const [pathname = '', query = ''] = exchange.path.split('?');
  const add = (raw: string) => {
    try {
      out.add(decodeURIComponent(raw));
    } catch {
      out.add(raw);
    }
  };
  for (const segment of pathname.split('/')) if (segment) add(segment);
  for (const pair of query.split('&')) if (pair.includes('=')) add(pair.slice(pair.indexOf('=') + 1));
  for (const [pointer, value] of scalars(exchange.body)) {
    const key =
      pointer
        .split('/')
        .filter((part) => !/^\d+$/.test(part))
        .at(-1) ?? '';
    if (ID_KEY.test(key)) out.add(String(value));
  }
  return out;
}

/**
 * The fields the flow read: per exchange, the pointers of its answer whose value a later request
 * sent (an id in a path, a query or an id field), with the first exchange that sent it.
 */
export function fieldsRead(exchanges: readonly RecordedExchange[]): Map<number, Map<string, number>> {
  const sentBy = exchanges.map(carriedValues);
  const read = new Map<number, Map<string, number>>();
  exchanges.forEach((exchange, i) => {
    if (exchange.answer === undefined) return;
    for (const [pointer, value] of scalars(exchange.answer)) {
      // `success`, counts and flags say nothing a later request could carry.
      if (typeof value === 'number' && !ID_KEY.test(pointer.split('/').at(-1) ?? '')) continue;
      const later = sentBy.findIndex((sent, j) => j > i && sent.has(String(value)));
      if (later === -1) continue;
      const fields = read.get(i) ?? new Map<string, number>();
      fields.set(pointer, later);
      read.set(i, fields);
    }
  });
  return read;
}

/** Problems of a live answer judged by the contract: an undeclared status, or a body that breaks its schema. */
function schemaProblems(op: Operation | undefined, answer: ReplayAnswer, book: SchemaBook): string[] {
  if (!op) return [];
  const response = documentedResponse(op, answer.status);
  if (!response) return [`status ${answer.status} is not declared by ${op.operationId}`];
  const media = jsonMedia(response.content ?? {});
  if (!media?.schema) return [];
  if (answer.body === undefined) return [`the ${answer.status} answer is not JSON`];
  const validate = book.validator(`${op.operationId} ${answer.status}`, media.schema);
  if (validate(answer.body)) return [];
  return describeErrors(validate.errors).map((issue) =>
    issue.keyword === 'required'
      ? `${issue.pointer}: required field is missing`
      : `${issue.pointer || '(body)'} ${issue.message}`,
  );
}

/**
 * Sends a recorded flow to a server in order (ids from earlier answers carried into later
 * requests) and lists where its answers differ from the recording: the status, the contract's
 * schema, and the fields the flow read (a later request sent their value).
 */
export async function replay(
  records: Records,
  send: Send,
  { doc, baseUrl, password }: { doc: OpenApiDocument; baseUrl: string; password?: string },
): Promise<ReplayResult> {
  const operations = new Map(listOperations(doc).map((op) => [op.operationId, op]));
  const book = new SchemaBook(doc, 'response');
  const read = fieldsRead(records.exchanges);
  const result: ReplayResult = { baseUrl, replayed: 0, skipped: [], differences: [] };
  await replayRecords(records, send, {
    ...(password === undefined ? {} : { password }),
    onStep({ exchange, index, sent, answer, skipped }) {
      const { operationId, method } = exchange;
      if (skipped || !sent || !answer) {
        result.skipped.push({ index, operationId, reason: skipped ?? 'not sent' });
        return;
      }
      result.replayed++;
      const differ = (kind: ReplayDifference['kind'], message: string) =>
        result.differences.push({ index, operationId, method, path: sent.path, kind, message });
      // A recorded 304 answered a browser's own validator, which a replay does not send: a 200 is the same answer.
      const same = answer.status === exchange.status || (exchange.status === 304 && answer.status === 200);
      if (!same) differ('status', `recorded ${exchange.status}, got ${answer.status}`);
      for (const problem of schemaProblems(operations.get(operationId ?? ''), answer, book)) differ('schema', problem);
      // Ids the live server gave otherwise are learned by the replay; a field it read must still be there, and the same unless an id.
      const ids = new Map<string, string>();
      learnIds(exchange.answer, answer.body, ids);
      for (const [pointer, by] of read.get(index) ?? []) {
        const recorded = atPointer(exchange.answer, pointer);
        const live = atPointer(answer.body, pointer);
        const readBy = `read by #${by} ${records.exchanges[by]?.operationId ?? ''}`.trimEnd();
        if (live === undefined || live === null) differ('field', `${pointer} (${readBy}) is missing`);
        else if (typeof live !== typeof recorded)
          differ('field', `${pointer} (${readBy}) is a ${typeof live}, recorded a ${typeof recorded}`);
        else if (live !== recorded && !ids.has(String(recorded)))
          differ('field', `${pointer} (${readBy}): recorded ${JSON.stringify(recorded)}, got ${JSON.stringify(live)}`);
      }
    },
  });
  return result;
}

/** The text report: one line per exchange that differs, each difference under it. */
export function renderReplay(result: ReplayResult, records: Records): string {
  const lines: string[] = [];
  const n = result.differences.length;
  lines.push(
    `Replayed ${result.replayed} of ${records.exchanges.length} recorded requests against ${result.baseUrl}: ${n === 0 ? 'no differences' : `${n} difference${n === 1 ? '' : 's'}`}.`,
  );
  let last = -1;
  for (const d of result.differences) {
    if (d.index !== last) lines.push(`  #${d.index} ${d.operationId ?? '(no operation)'} ${d.method} ${d.path}`);
    last = d.index;
    lines.push(`      ${d.kind}: ${d.message}`);
  }
  const skipped = result.skipped.filter((s) => s.reason !== 'not selected');
  if (skipped.length > 0) {
    lines.push(`Not sent (${skipped.length}):`);
    for (const s of skipped) lines.push(`  #${s.index} ${s.operationId ?? '(no operation)'}: ${s.reason}`);
  }
  return `${lines.join('\n')}\n`;
}
