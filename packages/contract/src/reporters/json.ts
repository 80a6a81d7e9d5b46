import type { ConformanceResult } from '../types.ts';

/** The whole result as JSON, for tools. */
export function renderJson(result: ConformanceResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
