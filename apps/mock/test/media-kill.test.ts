import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { killHard, startMock } from './child.ts';
import { BOUNDARY, multipart, text } from './media-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'cohort-media-kill-'));
const data = join(dir, 'state.db');
const mediaDir = `${data}.media`;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = () => startMock(['--users', '20', '--data', data]);

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
    await killHard(first.child);

    expect(mediaRows()).toEqual([kept.id]);
    const second = await start();
    expect(readdirSync(mediaDir)).toEqual([kept.id]);
    const served = await fetch(new URL(kept.url, second.baseUrl));
    expect(await served.text()).toBe(text().toString());
  });
});
