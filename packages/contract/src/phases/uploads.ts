import type { Operation } from '@cohort/openapi';
import { fail, pass, skip } from '../checks/diagnostic.ts';
import type { RunContext } from '../context.ts';
import type { Diagnostic, Exchange } from '../types.ts';

/**
 * Multipart uploads (`upload_conformance`), for each operation that takes `multipart/form-data`
 * and declares `x-upload-limits` (per `use`: `max_bytes`, `types`): a valid file is stored (2xx)
 * and served back with its type, `nosniff`, and as a download when it is not an image; one byte
 * over a use's limit is 413; a type the use does not take is 415; bytes that disagree with the
 * declared type and file name are 422.
 */

const code = 'upload_conformance' as const;
type Limits = Record<string, { max_bytes?: number; types?: string[] }>;

const BOUNDARY = 'cohortContractUpload7f3a9c';
// A 1×1 PNG, a minimal PDF and plain text: the smallest files of each kind a server must recognise.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const TEXT = Buffer.from('Agenda for the conformance check\n- one\n- two\n');

interface FilePart {
  name: string;
  type: string;
  data: Buffer;
}

/** A `multipart/form-data` body: `use`, then one `file` part. */
export function multipartBody(use: string, file: FilePart): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="use"\r\n\r\n${use}\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function limitsOf(ctx: RunContext, op: Operation): Limits | undefined {
  if (!op.requestBody?.content['multipart/form-data']) return undefined;
  const raw = (ctx.doc.paths?.[op.path] as Record<string, Record<string, unknown>> | undefined)?.[op.method];
  const limits = raw?.['x-upload-limits'];
  return limits && typeof limits === 'object' ? (limits as Limits) : undefined;
}

const useTaking = (limits: Limits, type: string) =>
  Object.entries(limits).find(([, l]) => l.types?.includes(type))?.[0];
const useRefusing = (limits: Limits, type: string) =>
  Object.entries(limits).find(([, l]) => l.types && !l.types.includes(type))?.[0];

async function send(ctx: RunContext, op: Operation, use: string, file: FilePart): Promise<Exchange | undefined> {
  return ctx.call(op.operationId, {
    token: ctx.a?.token,
    binaryBody: multipartBody(use, file),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    remember: false,
  });
}

function expectStatus(op: Operation, ex: Exchange | undefined, want: number, what: string): Diagnostic | undefined {
  if (!ex) return undefined;
  const got = ex.response.status;
  if (got === 429) return skip(op.operationId, code, `${what}: rate-limited (429), not judged`);
  const ok = want === 201 ? got >= 200 && got < 300 : got === want;
  return ok
    ? pass(op.operationId, code)
    : fail(op.operationId, code, `${what}: expected ${want === 201 ? '2xx' : want}, got ${got}`, ex, {
        expected: want,
        actual: got,
      });
}

/** GETs a stored file's URL (on the server's own origin) and checks the headers it is served with. */
async function servedHeaders(ctx: RunContext, op: Operation, url: string, mime: string, image: boolean) {
  const base = new URL(ctx.http.url('/'));
  const target = new URL(url, base);
  if (target.origin !== base.origin)
    return [skip(op.operationId, code, `the file is served elsewhere (${target.origin})`)];
  const ex = await ctx.http.send({ method: 'get', path: target.pathname + target.search, token: ctx.a?.token });
  const h = ex.response.headers;
  const out: Diagnostic[] = [];
  const problem = (message: string, expected: string, actual: string | undefined) =>
    out.push(fail(op.operationId, code, `served ${target.pathname}: ${message}`, ex, { expected, actual }));
  if (ex.response.status !== 200) problem(`status ${ex.response.status}`, '200', String(ex.response.status));
  const type = (h['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  // An image may be served as a re-encoded copy (e.g. WebP); anything else in the type it was stored as.
  if (image ? !type?.startsWith('image/') : type !== mime) problem('Content-Type', image ? 'image/*' : mime, type);
  if ((h['x-content-type-options'] ?? '').toLowerCase() !== 'nosniff')
    problem('X-Content-Type-Options', 'nosniff', h['x-content-type-options']);
  if (!image && !/^attachment\b/i.test(h['content-disposition'] ?? ''))
    problem('Content-Disposition of a file that is not an image', 'attachment', h['content-disposition']);
  return out.length > 0 ? out : [pass(op.operationId, code)];
}

async function checkUpload(ctx: RunContext, op: Operation, limits: Limits): Promise<Diagnostic[]> {
  const out: (Diagnostic | undefined)[] = [];
  const imageUse = useTaking(limits, 'image/png');
  const textUse = useTaking(limits, 'text/plain');
  for (const [use, file, image] of [
    [imageUse, { name: 'pixel.png', type: 'image/png', data: PNG }, true],
    [textUse, { name: 'agenda.txt', type: 'text/plain', data: TEXT }, false],
  ] as const) {
    if (!use) continue;
    const ex = await send(ctx, op, use, file);
    out.push(expectStatus(op, ex, 201, `a valid ${file.type} file for use ${use}`));
    const data = (ex?.response.json as { data?: { url?: string; mime?: string } } | undefined)?.data;
    if (ex && ex.response.status < 300 && typeof data?.url === 'string') {
      out.push(...(await servedHeaders(ctx, op, data.url, data.mime ?? file.type, image)));
    }
  }
  // One byte over the smallest limit: a file of the use's own type, padded.
  const [smallUse, small] = Object.entries(limits)
    .filter(([, l]) => typeof l.max_bytes === 'number')
    .sort(([, a], [, b]) => (a.max_bytes ?? 0) - (b.max_bytes ?? 0))[0] ?? [undefined, undefined];
  if (smallUse && small?.max_bytes) {
    const pdf = small.types?.includes('application/pdf');
    const head = pdf ? PDF : PNG;
    const data = Buffer.concat([head, Buffer.alloc(small.max_bytes + 1 - head.length, 0x20)]);
    const file = { name: pdf ? 'big.pdf' : 'big.png', type: pdf ? 'application/pdf' : 'image/png', data };
    out.push(
      expectStatus(op, await send(ctx, op, smallUse, file), 413, `${small.max_bytes + 1} bytes for use ${smallUse}`),
    );
  }
  const pdfRefused = useRefusing(limits, 'application/pdf');
  if (pdfRefused) {
    const file = { name: 'document.pdf', type: 'application/pdf', data: PDF };
    out.push(expectStatus(op, await send(ctx, op, pdfRefused, file), 415, `a PDF for use ${pdfRefused}`));
  }
  const both = Object.entries(limits).find(
    ([, l]) => l.types?.includes('application/pdf') && l.types.includes('image/png'),
  )?.[0];
  if (both) {
    const file = { name: 'photo.png', type: 'image/png', data: PDF };
    out.push(
      expectStatus(
        op,
        await send(ctx, op, both, file),
        422,
        `PDF bytes named photo.png, declared image/png (use ${both})`,
      ),
    );
  }
  return out.filter((d): d is Diagnostic => d !== undefined);
}

export async function runUploads(ctx: RunContext): Promise<void> {
  for (const op of ctx.operations.values()) {
    if (!ctx.isSelected(op.operationId)) continue;
    const limits = limitsOf(ctx, op);
    if (!limits) continue;
    if (op.secured && !ctx.a?.token) {
      ctx.recorder.add(skip(op.operationId, code, 'no signed-in user to upload as'));
      continue;
    }
    ctx.recorder.add(await checkUpload(ctx, op, limits));
  }
}
