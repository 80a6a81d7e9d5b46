import { type DiffChange, type DiffResult, unallowedBreaking } from './types.ts';

function label(change: DiffChange): string {
  return change.method ? `${change.method.toUpperCase()} ${change.path} (${change.operationId})` : change.operationId;
}

function value(v: unknown): string {
  const text = JSON.stringify(v);
  return text === undefined ? 'none' : text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function summary(result: DiffResult): string {
  const breaking = result.changes.filter((c) => c.severity === 'breaking');
  const allowed = breaking.filter((c) => c.allowed !== undefined).length;
  const used = breaking.filter((c) => c.usedBy && c.allowed === undefined).length;
  return (
    `${breaking.length} breaking (${allowed} allowed${result.usedBy ? `, ${used} used by ${result.usedBy.dir}` : ''}), ` +
    `${result.changes.length - breaking.length} non-breaking`
  );
}

function group(changes: DiffChange[]): Map<string, DiffChange[]> {
  const out = new Map<string, DiffChange[]>();
  for (const c of changes) out.set(label(c), [...(out.get(label(c)) ?? []), c]);
  return out;
}

/**
 * Text: breaking changes first, grouped by operation, each with its rule and pointer; non-breaking
 * ones counted by rule (listed too with `verbose`); summary line last.
 */
export function renderDiffText(result: DiffResult, options: { verbose?: boolean } = {}): string {
  const out = [`cohort-contract diff ${result.base} → ${result.head}`, ''];
  if (result.usedBy) out.push(`${result.usedBy.calls} API calls found in ${result.usedBy.dir}`, '');
  if (result.changes.length === 0) out.push('no changes');
  const sections: [string, DiffChange[]][] = [
    ['BREAKING', unallowedBreaking(result)],
    ['breaking, allowed', result.changes.filter((c) => c.severity === 'breaking' && c.allowed !== undefined)],
    ['non-breaking', result.changes.filter((c) => c.severity === 'non-breaking')],
  ];
  for (const [title, changes] of sections) {
    if (changes.length === 0) continue;
    if (title === 'non-breaking' && !options.verbose) {
      const counts = new Map<string, number>();
      for (const c of changes) counts.set(c.code, (counts.get(c.code) ?? 0) + 1);
      out.push(
        `non-breaking (${changes.length}, listed with --verbose or --json)`,
        ...[...counts].map(([code, n]) => `  ${code}: ${n}`),
        '',
      );
      continue;
    }
    out.push(`${title} (${changes.length})`);
    for (const [op, list] of group(changes)) {
      const used = list.find((c) => c.usedBy)?.usedBy;
      out.push(`  ${op}${used ? `  ← used by ${used.join(', ')}` : ''}`);
      for (const c of list) {
        out.push(`    [${c.code}] ${c.message}`, `      at ${c.pointer}`);
        if (c.location) out.push(`      in ${c.location}`);
        if (c.before !== undefined || c.after !== undefined) out.push(`      ${value(c.before)} → ${value(c.after)}`);
        if (c.allowed !== undefined) out.push(`      allowed: ${c.allowed}`);
      }
    }
    out.push('');
  }
  for (const u of result.unusedAllowances) out.push(`allow-file entry matched no breaking change: ${u}`);
  if (result.unusedAllowances.length > 0) out.push('');
  out.push(summary(result));
  return `${out.join('\n')}\n`;
}

export function renderDiffJson(result: DiffResult): string {
  const breaking = result.changes.filter((c) => c.severity === 'breaking');
  return `${JSON.stringify(
    {
      ...result,
      summary: {
        breaking: breaking.length,
        allowed: breaking.filter((c) => c.allowed !== undefined).length,
        unallowed: unallowedBreaking(result).length,
        nonBreaking: result.changes.length - breaking.length,
      },
    },
    null,
    2,
  )}\n`;
}

/** GitHub caps a job summary at 1 MiB; the non-breaking list stops here. */
const MARKDOWN_LIST_LIMIT = 200;

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Markdown for a GitHub job summary: a verdict line, a table of breaking changes, non-breaking ones folded. */
export function renderDiffMarkdown(result: DiffResult): string {
  const failing = unallowedBreaking(result);
  const out = [
    '## Contract diff',
    '',
    failing.length > 0
      ? `:x: **${failing.length} breaking change${failing.length === 1 ? '' : 's'}** not in the allow file — ${summary(result)}`
      : `:white_check_mark: No unallowed breaking change — ${summary(result)}`,
    '',
  ];
  const breaking = result.changes.filter((c) => c.severity === 'breaking');
  if (breaking.length > 0) {
    const web = result.usedBy !== undefined;
    out.push(
      `| | Operation | Rule | Change | Pointer |${web ? ' Used by |' : ''}`,
      `|---|---|---|---|---|${web ? '---|' : ''}`,
    );
    for (const c of breaking) {
      out.push(
        `| ${c.allowed !== undefined ? 'allowed' : ':x:'} | \`${cell(label(c))}\` | \`${c.code}\` | ${cell(c.message)}${
          c.allowed !== undefined ? ` (allowed: ${cell(c.allowed)})` : ''
        } | \`${cell(c.pointer)}\` |${web ? ` ${c.usedBy ? cell(c.usedBy.map((u) => `\`${u}\``).join(', ')) : ''} |` : ''}`,
      );
    }
    out.push('');
  }
  const rest = result.changes.filter((c) => c.severity === 'non-breaking');
  if (rest.length > 0) {
    out.push(`<details><summary>${rest.length} non-breaking change${rest.length === 1 ? '' : 's'}</summary>`, '');
    for (const c of rest.slice(0, MARKDOWN_LIST_LIMIT))
      out.push(`- \`${cell(label(c))}\` \`${c.code}\`: ${cell(c.message)} — \`${cell(c.pointer)}\``);
    if (rest.length > MARKDOWN_LIST_LIMIT)
      out.push(`- … and ${rest.length - MARKDOWN_LIST_LIMIT} more (\`cohort-contract diff --json\` lists them all)`);
    out.push('', '</details>', '');
  }
  for (const u of result.unusedAllowances) out.push(`- allow-file entry matched no breaking change: \`${u}\``);
  return `${out.join('\n')}\n`;
}
