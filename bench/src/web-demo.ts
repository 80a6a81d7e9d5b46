/** Part of measure 5: the static demo's JavaScript (the mock engine in the tab) beside the normal build's. */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { type Row, ratioOf } from './report.ts';

const LOGIN_MODULE = 'src/app/routes/login.tsx';
/** The normal entry, which the demo's entry (src/offline/main.ts) imports once the engine is up. */
const APP_ENTRY = 'src/main.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk and what it imports statically (what the browser fetches before running it). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

const gzipKB = (dir: string, files: Iterable<string>) =>
  [...new Set(files)].reduce((sum, file) => sum + gzipSync(readFileSync(`${dir}/${file}`)).length, 0) / 1024;

export interface BuildSizes {
  /** Every .js file of the build, gzip. */
  totalKB: number;
  /** The entry's closure, the app entry's (the demo imports it at start) and the login route's. */
  loginKB: number;
}

/** The JavaScript sizes of a Vite build from its manifest (`dist` or `dist-demo`). */
export function buildSizes(dir: string): BuildSizes {
  const manifest = JSON.parse(readFileSync(`${dir}/.vite/manifest.json`, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`${dir}: the manifest has no entry`);
  const keys = new Set([
    ...closure(manifest, entry),
    ...closure(manifest, APP_ENTRY),
    ...closure(manifest, LOGIN_MODULE),
  ]);
  const login = [...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
  const all = readdirSync(`${dir}/assets`)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  return { totalKB: gzipKB(dir, all), loginKB: gzipKB(dir, login) };
}

/** The demo's rows: its /login JavaScript and its whole JavaScript, each as a ratio of the normal build's. */
export function demoRows(normal: BuildSizes | null, demo: BuildSizes | null, reason = ''): Row[] {
  return [
    {
      subject: 'static demo',
      metric: 'JavaScript loaded by /login (gzip)',
      value: demo?.loginKB ?? null,
      unit: 'KB',
      ratio: { value: ratioOf(demo?.loginKB, normal?.loginKB), of: "the normal build's /login" },
      note: demo
        ? `normal build: ${normal?.loginKB.toFixed(1)} KB; the demo adds the engine, faker and the contract`
        : reason,
    },
    {
      subject: 'static demo',
      metric: 'JavaScript of the whole build (gzip)',
      value: demo?.totalKB ?? null,
      unit: 'KB',
      ratio: { value: ratioOf(demo?.totalKB, normal?.totalKB), of: "the normal build's" },
      note: demo ? `normal build: ${normal?.totalKB.toFixed(1)} KB` : reason,
    },
  ];
}
