/** Summarises a V8 .cpuprofile (node --cpu-prof) into where the self time went (pure, unit-tested), and reads one from disk. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
  }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface Hotspot {
  name: string;
  /** Share of the busy (non-idle) time, 0..1. */
  share: number;
  ms: number;
}

export interface ProfileSummary {
  busyMs: number;
  functions: Hotspot[];
  /** Self time grouped by npm package, or by source file for our own code and node internals. */
  modules: Hotspot[];
}

/** Which package or file a frame belongs to, as a reader would name it. */
export function moduleOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const inModules = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules?.[1]) return inModules[1];
  const own = /\/((?:apps|packages|openapi|bench)\/.+)$/.exec(url);
  return own?.[1] ?? url.replace(/^file:\/\//, '');
}

function top(totals: Map<string, number>, busyMs: number, limit: number): Hotspot[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, ms]) => ({ name, ms, share: busyMs > 0 ? ms / busyMs : 0 }));
}

/**
 * `lastMs` keeps only the samples of the profile's final window (the load run), so start-up work
 * (module loading, seeding) does not crowd out what the server does per request.
 */
export function summariseProfile(
  profile: CpuProfile,
  options: { limit?: number; lastMs?: number } = {},
): ProfileSummary {
  const limit = options.limit ?? 10;
  const selfMs = new Map<number, number>();
  if (profile.samples && profile.timeDeltas && profile.samples.length === profile.timeDeltas.length) {
    const from = options.lastMs === undefined ? -Infinity : profile.endTime - options.lastMs * 1000;
    let at = profile.startTime;
    // timeDeltas[i] is the time before sample i; attributing it to that sample's node is V8's own convention.
    profile.samples.forEach((id, index) => {
      const delta = profile.timeDeltas?.[index] ?? 0;
      at += delta;
      if (at >= from) selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000);
    });
  } else {
    const hits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
    const perHit = hits > 0 ? (profile.endTime - profile.startTime) / 1000 / hits : 0;
    for (const node of profile.nodes) selfMs.set(node.id, (node.hitCount ?? 0) * perHit);
  }
  const functions = new Map<string, number>();
  const modules = new Map<string, number>();
  let busyMs = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (ms === 0 || functionName === '(idle)') continue;
    busyMs += ms;
    const module = moduleOf(url, functionName);
    // Node's own frames keep their file (node:_http_outgoing) so a reader can tell HTTP from streams.
    const where = url.startsWith('node:') ? url : module;
    const name = url === '' ? functionName : `${functionName || '(anonymous)'} (${where}:${lineNumber + 1})`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    modules.set(module, (modules.get(module) ?? 0) + ms);
  }
  return { busyMs, functions: top(functions, busyMs, limit), modules: top(modules, busyMs, limit) };
}

export function renderProfile(title: string, summary: ProfileSummary): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  return [
    `<details><summary>${title} (${(summary.busyMs / 1000).toFixed(1)} s of CPU)</summary>`,
    '',
    'Self time by package or file:',
    '',
    ...summary.modules.map((spot) => `- ${percent(spot.share)} ${spot.name}`),
    '',
    'Hottest functions (self time):',
    '',
    ...summary.functions.map((spot) => `- ${percent(spot.share)} ${spot.name}`),
    '',
    '</details>',
  ].join('\n');
}

/** Reads the one .cpuprofile a process wrote into `dir` (node --cpu-prof-dir), or null if none was written. */
export async function readProfile(dir: string): Promise<CpuProfile | null> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
  if (!files[0]) return null;
  return JSON.parse(await readFile(join(dir, files[0]), 'utf8')) as CpuProfile;
}
