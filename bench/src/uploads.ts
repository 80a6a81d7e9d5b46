/**
 * Part 9, uploads (media issue): the time to upload a 10 MB résumé (MB/s, beside a bare node:http
 * server streaming the same body to disk), and the mock's resident memory while 20 such uploads
 * are in flight at once, which must not grow by more than 2× the use's limit per upload.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type ChildServer, startServer } from './processes.ts';
import { percentile, type Row, ratioOf, type Section } from './report.ts';
import { benchRoot, signIn, startMock } from './subjects.ts';

const MIB = 1048576;
/** A 10 MB résumé is exactly the résumé limit (10,485,760 bytes). */
const FILE_BYTES = 10 * MIB;
const LIMIT_BYTES = 10 * MIB;
const BOUNDARY = 'cohortBenchBoundary9f3kq';

export interface UploadSettings {
  /** Timed sequential uploads (after one warm-up). */
  sequential: number;
  concurrent: number;
}
export const defaultUploadSettings: UploadSettings = { sequential: 5, concurrent: 20 };

/** A multipart body: `use=resume`, then a PDF padded to 10 MB. */
export function uploadBody(): Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="use"\r\n\r\nresume\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const pdf = Buffer.alloc(FILE_BYTES, 0x20);
  pdf.write('%PDF-1.4\n', 0, 'latin1');
  return Buffer.concat([head, pdf, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

function post(url: string, body: Buffer, token?: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function rssMB(pid: number): Promise<number | null> {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? (Number(match[1]) * 1024) / 1e6 : null;
  } catch {
    return null;
  }
}

/** MB/s (10^6 bytes) of the median of `count` sequential uploads, after one warm-up. */
async function throughput(url: string, body: Buffer, count: number, token?: string): Promise<number | null> {
  await post(url, body, token);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const { status, ms } = await post(url, body, token);
    if (status !== 201) throw new Error(`upload answered ${status}`);
    times.push(ms);
  }
  const median = percentile(times, 50);
  return median ? FILE_BYTES / 1e6 / (median / 1000) : null;
}

/** Peak resident growth (MB) of `server` while `count` uploads run at once, sampled every 20 ms. */
async function memoryUnderLoad(server: ChildServer, body: Buffer, count: number, token: string) {
  const before = await rssMB(server.pid);
  let peak = before ?? 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await rssMB(server.pid)) ?? 0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const answers = await Promise.all(
    Array.from({ length: count }, () => post(`${server.url}/api/v1/media`, body, token)),
  );
  sampling = false;
  await sampler;
  const failed = answers.filter((a) => a.status !== 201).length;
  if (failed > 0) throw new Error(`${failed} of ${count} concurrent uploads failed`);
  return { before, growth: before == null ? null : peak - before };
}

export function plannedUploadRows(reason: string): Row[] {
  return [
    { subject: 'Cohort mock', metric: 'upload of 10 MB', value: null, unit: 'MB/s', note: reason },
    { subject: 'Cohort mock', metric: 'memory growth per upload in flight', value: null, unit: 'MB', note: reason },
  ];
}

export async function measureUploads(settings: UploadSettings = defaultUploadSettings): Promise<Section> {
  const folder = await mkdtemp(join(tmpdir(), 'cohort-bench-uploads-'));
  const body = uploadBody();
  try {
    const bare = await startServer({
      name: 'bare node:http upload',
      command: process.execPath,
      args: ['--import', import.meta.resolve('tsx'), `${benchRoot}src/upload-server.ts`, folder],
      ready: /listening on (http:\/\/[^\s/]+)/,
      timeoutMs: 30_000,
    });
    const bareRate = await throughput(bare.url, body, settings.sequential);
    await bare.stop();

    const mock = await startMock({ users: 300, args: ['--data', join(folder, 'bench.db'), '--fresh'] });
    const { token } = await signIn(mock);
    const mockRate = await throughput(`${mock.url}/api/v1/media`, body, settings.sequential, token);
    const memory = await memoryUnderLoad(mock, body, settings.concurrent, token);
    await mock.stop();

    const perUpload = memory.growth == null ? null : memory.growth / settings.concurrent;
    const limitMB = LIMIT_BYTES / 1e6;
    return {
      title: '9. Uploads',
      method: `A 10 MB résumé (multipart, \`use\` first) posted ${settings.sequential} times one after another (median, after a warm-up) to the mock with \`--data\` and to a bare node:http server that streams the body to disk; then ${settings.concurrent} at once to the mock while its VmRSS (/proc/<pid>/status, MB = 10^6 bytes) is sampled every 20 ms.`,
      rows: [
        { subject: 'bare node:http (to disk)', metric: 'upload of 10 MB', value: bareRate, unit: 'MB/s' },
        {
          subject: 'Cohort mock',
          metric: 'upload of 10 MB',
          value: mockRate,
          unit: 'MB/s',
          ratio: { value: ratioOf(mockRate, bareRate), of: 'bare node:http' },
          note: 'parses multipart, sniffs the type, syncs the file and its folder, commits the row',
        },
        {
          subject: 'Cohort mock',
          metric: `memory growth per upload in flight (${settings.concurrent} at once)`,
          value: perUpload,
          unit: 'MB',
          target: { on: 'value', op: '<=', bound: 2 * limitMB },
          note:
            memory.before == null
              ? 'no /proc here'
              : `VmRSS ${Math.round(memory.before)} MB before, +${Math.round(memory.growth ?? 0)} MB at the peak`,
        },
      ],
      notes: [],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
