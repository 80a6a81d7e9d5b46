import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractPath } from '@cohort/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixture } from './helpers.ts';

// What a backend team gets: `pnpm pack`, then the tarball installed outside the workspace. The
// runtime dependencies are linked from this package's node_modules (no registry in tests); the
// workspace's @cohort/openapi is not, so the run must use the contract the tarball carries.
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const RUNTIME = ['tsx', 'fast-check', 'ajv', 'ajv-formats', 'js-yaml'];

let installed = '';
let fixture: FixtureServer;
let contractServer: Server;
let contractUrl = '';

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cohort-pack-'));
  execFileSync('pnpm', ['pack', '--pack-destination', dir], { cwd: packageDir, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz')) ?? '';
  execFileSync('tar', ['xzf', join(dir, tarball), '-C', dir]);
  installed = join(dir, 'package');
  mkdirSync(join(installed, 'node_modules'));
  for (const name of RUNTIME) {
    symlinkSync(realpathSync(join(packageDir, 'node_modules', name)), join(installed, 'node_modules', name));
  }
  fixture = await startFixture();
  const yaml = readFileSync(contractPath, 'utf8');
  contractServer = createServer((req, res) =>
    req.url === '/openapi.yaml'
      ? res.writeHead(200, { 'content-type': 'application/yaml' }).end(yaml)
      : res.writeHead(404).end(),
  );
  await new Promise<void>((resolve) => contractServer.listen(0, '127.0.0.1', resolve));
  contractUrl = `http://127.0.0.1:${(contractServer.address() as AddressInfo).port}/openapi.yaml`;
}, 60_000);

afterAll(async () => {
  contractServer?.close();
  await fixture?.close();
});

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(installed, 'bin/cohort-contract.mjs'), ...args], { cwd: tmpdir() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the packed checker (pnpm pack)', () => {
  it('carries the contract and its own code, not the tests or the workspace package', () => {
    expect(existsSync(join(installed, 'vendor/openapi/openapi.yaml'))).toBe(true);
    expect(existsSync(join(installed, 'test'))).toBe(false);
    expect(existsSync(join(installed, 'node_modules/@cohort'))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies)).not.toContain('@cohort/openapi');
  });

  it('checks a server with the bundled contract, and with --contract <url>', async () => {
    const args = ['--base-url', fixture.url, '--fuzz', '0', '--skip-examples', '--operations', 'getMe,listNotes'];
    const bundled = await run(args);
    expect(bundled.stderr).toBe('');
    expect(bundled.stdout).toMatch(/\d+ passed, 0 failed, \d+ skipped\n$/);
    expect(bundled.code).toBe(0);
    const fromUrl = await run([...args, '--contract', contractUrl]);
    expect(fromUrl.code).toBe(0);
    const missing = await run([...args, '--contract', contractUrl.replace('/openapi.yaml', '/nothing.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the contract http:\/\/127\.0\.0\.1:\d+\/nothing\.yaml: answered 404/);
  });
});
