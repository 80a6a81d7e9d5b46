import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { BOUNDARY, multipart, text } from './media-fixtures.ts';

const appDir = new URL('..', import.meta.url).pathname;
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'cohort-media-kill-'));
const data = join(dir, 'state.db');
const mediaDir = `${data}.media`;

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts', '--port', '0', '--quiet', '--users', '20', '--data', data],
    {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const url = /^Cohort mock server listening on (http:\/\/\S+)$/.exec(line)?.[1];
      if (url) resolve({ child, baseUrl: url });
    });
  });
}

async function login(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      uniName: DEMO_ACCOUNT.university,
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    }),
  });
  return (await res.json()).data.access_token;
}

const mediaRows = () => {
  const db = new Database(data, { readonly: true });
  try {
    return (db.prepare("SELECT key FROM rows WHERE collection = 'media'").all() as { key: string }[]).map((r) => r.key);
  } finally {
    db.close();
  }
};

const until = async (ready: () => boolean) => {
  while (!ready()) await new Promise((r) => setTimeout(r, 20));
};

describe('uploads with --data', { timeout: 60_000 }, () => {
  it('kill -9 during an upload leaves no row and, after a restart, no file; finished uploads stay', async () => {
    const first = await start();
    const token = await login(first.baseUrl);
    const form = new FormData();
    form.append('use', 'attachment');
    form.append('file', new Blob([new Uint8Array(text())]), 'kept.txt');
    const kept = (
      await (
        await fetch(`${first.baseUrl}/api/v1/media`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        })
      ).json()
    ).data;

    // Half of a 19 MB upload, then the process dies.
    const body = multipart([
      { name: 'use', value: 'attachment' },
      { name: 'file', file: { filename: 'big.txt', data: Buffer.alloc(19 * 1048576, 0x61) } },
    ]);
    const req = request(`${first.baseUrl}/api/v1/media`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(body.length),
      },
    });
    req.on('error', () => {});
    req.write(body.subarray(0, body.length / 2));
    const staged = () => {
      const tmp = join(mediaDir, '.tmp');
      if (!existsSync(tmp)) return false;
      return readdirSync(tmp).some(
        (d) => existsSync(join(tmp, d, 'upload')) && statSync(join(tmp, d, 'upload')).size > 1048576,
      );
    };
    await until(staged);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    expect(mediaRows()).toEqual([kept.id]);
    const second = await start();
    expect(readdirSync(mediaDir)).toEqual([kept.id]);
    const served = await fetch(new URL(kept.url, second.baseUrl));
    expect(await served.text()).toBe(text().toString());
  });
});
