import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type ConformanceOptions, type ConformanceResult, runConformance } from '../src/index.ts';
import type { CheckName } from '../src/types.ts';
import { type Defect, type FixtureServer, startFixture } from './fixtures/server.ts';

export { type Defect, type FixtureServer, startFixture };

/** Runs the checker against a fresh fixture (one defect, or none); fuzzing off unless asked for. */
export async function checkFixture(
  defect?: Defect,
  options: Partial<ConformanceOptions> = {},
): Promise<ConformanceResult> {
  const server = await startFixture(defect);
  try {
    return await runConformance({ baseUrl: server.url, fuzz: 0, seed: 7, ...options });
  } finally {
    await server.close();
  }
}

export function cell(result: ConformanceResult, operationId: string, check: CheckName) {
  return result.cells.find((c) => c.operationId === operationId && c.check === check);
}

export function failuresOf(result: ConformanceResult, operationId: string, check: CheckName) {
  return result.failures.filter((f) => f.operationId === operationId && f.code === check);
}

const BIN = fileURLToPath(new URL('../bin/cohort-contract.mjs', import.meta.url));

/** Runs the `cohort-contract` CLI as a user would, and resolves with its exit code and output. */
export function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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
