import { readFileSync } from 'node:fs';
import { DIFF_RULES, type DiffChange, type DiffRule } from './types.ts';

/** One line of an allow file: a JSON pointer (that change and everything under it) or a rule name, with a reason. */
export interface Allowance {
  target: string;
  reason: string;
  line: number;
}

export class AllowFileError extends Error {}

/**
 * Parses an allow file: one entry a line, `<pointer-or-rule> <reason>`; blank lines and lines
 * starting with `#` are ignored. A pointer starts with `/`; a rule is one of DIFF_RULES. The reason
 * is required.
 */
export function parseAllowFile(text: string, name = 'allow file'): Allowance[] {
  const out: Allowance[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = /^(\S+)\s+(.*\S)$/.exec(line);
    if (!match)
      throw new AllowFileError(`${name}:${i + 1}: an entry needs a reason after the pointer or rule: ${line}`);
    const [, target = '', reason = ''] = match;
    if (!target.startsWith('/') && !DIFF_RULES.includes(target as DiffRule))
      throw new AllowFileError(`${name}:${i + 1}: not a JSON pointer (starting with /) nor a rule name: ${target}`);
    out.push({ target, reason, line: i + 1 });
  });
  return out;
}

export function readAllowFile(path: string): Allowance[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AllowFileError(`cannot read the allow file ${path}: ${(error as Error).message}`);
  }
  return parseAllowFile(text, path);
}

function matches(allowance: Allowance, change: DiffChange): boolean {
  const { target } = allowance;
  if (!target.startsWith('/')) return change.code === target;
  return [change.pointer, change.location].some((p) => p !== undefined && (p === target || p.startsWith(`${target}/`)));
}

/** Marks each breaking change an entry accepts (`allowed` = its reason); returns the entries that matched none. */
export function applyAllowances(
  changes: DiffChange[],
  allowances: Allowance[],
): { changes: DiffChange[]; unused: string[] } {
  const used = new Set<Allowance>();
  const out = changes.map((change) => {
    if (change.severity !== 'breaking') return change;
    const allowance = allowances.find((a) => matches(a, change));
    if (!allowance) return change;
    used.add(allowance);
    return { ...change, allowed: allowance.reason };
  });
  return { changes: out, unused: allowances.filter((a) => !used.has(a)).map((a) => `${a.target} (line ${a.line})`) };
}
