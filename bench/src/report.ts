/** Pure result model and the RESULTS.md renderer: no I/O here, so it is unit-tested. */

export type Unit = 'req/s' | 'ms' | 's' | 'KB' | 'MB' | 'MB/s' | 'score' | 'count';
export type Comparison = '<=' | '<' | '>=';

/** A target on the figure itself or on its ratio to a reference (e.g. ≥ 0.5× the bare server). */
export interface Target {
  on: 'value' | 'ratio';
  op: Comparison;
  bound: number;
}

export interface Row {
  subject: string;
  metric: string;
  /** null when the figure could not be measured; `note` then says why. */
  value: number | null;
  unit: Unit;
  /** value / reference value, with the reference named (e.g. "bare node:http"). */
  ratio?: { value: number | null; of: string };
  target?: Target;
  note?: string;
}

export interface Section {
  title: string;
  /** What was measured and how, in a sentence or two. */
  method: string;
  rows: Row[];
  /** Free text after the table: profiles of missed targets, reasons, observations. */
  notes: string[];
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
}

export interface Results {
  machine: Machine;
  date: Date;
  durationMs: number;
  /** The commit measured, and whether the tree had uncommitted changes. */
  revision?: { commit: string; dirty: boolean };
  /** 1-minute load average when the run started and when it ended: other work on the machine skews figures. */
  load: { start: number; end: number };
  sections: Section[];
}

export type Verdict = 'met' | 'missed' | 'not measured' | 'no target';

/** value / base, or null when either is missing or the base is zero. */
export function ratioOf(value: number | null | undefined, base: number | null | undefined): number | null {
  if (value == null || base == null || base === 0 || !Number.isFinite(value) || !Number.isFinite(base)) return null;
  return value / base;
}

export function compare(value: number, op: Comparison, bound: number): boolean {
  switch (op) {
    case '<=':
      return value <= bound;
    case '<':
      return value < bound;
    case '>=':
      return value >= bound;
  }
}

export function verdict(row: Row): Verdict {
  if (!row.target) return 'no target';
  const measured = row.target.on === 'ratio' ? (row.ratio?.value ?? null) : row.value;
  if (measured == null) return 'not measured';
  return compare(measured, row.target.op, row.target.bound) ? 'met' : 'missed';
}

/** Percentile by nearest rank over unsorted samples (p in 0..100); null for no samples. */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

export function formatNumber(value: number, unit: Unit): string {
  switch (unit) {
    case 'req/s':
    case 'count':
      return Math.round(value).toLocaleString('en-US');
    case 'ms':
      return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
    case 's':
      return value.toFixed(2);
    case 'KB':
      return value.toFixed(1);
    case 'MB':
      return Math.round(value).toLocaleString('en-US');
    case 'MB/s':
      return value.toFixed(1);
    case 'score':
      return Math.round(value).toString();
  }
}

export function formatValue(value: number | null, unit: Unit): string {
  if (value == null) return 'not measured';
  return unit === 'score' || unit === 'count' ? formatNumber(value, unit) : `${formatNumber(value, unit)} ${unit}`;
}

export function formatRatio(ratio: number | null): string {
  if (ratio == null) return '—';
  // Two decimals below 10×, so a ratio just under a target (4.98× against 5×) does not print as met.
  return ratio >= 10 ? `${ratio.toFixed(0)}×` : `${ratio.toFixed(2)}×`;
}

const OP_TEXT: Record<Comparison, string> = { '<=': '≤', '<': '<', '>=': '≥' };

export function formatTarget(row: Row): string {
  const target = row.target;
  if (!target) return '—';
  if (target.on === 'ratio') return `${OP_TEXT[target.op]} ${target.bound}× ${row.ratio?.of ?? ''}`.trimEnd();
  return `${OP_TEXT[target.op]} ${formatValue(target.bound, row.unit)}`;
}

/** Markdown table cells must not contain a raw pipe or newline. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function verdictText(row: Row): string {
  const result = verdict(row);
  if (result === 'no target') return '';
  if (result === 'met') return 'met';
  if (result === 'missed') return '**missed**';
  return 'not measured';
}

export function renderSection(section: Section): string {
  const lines = [`## ${section.title}`, '', section.method, ''];
  lines.push('| subject | figure | value | ratio | target | result | note |', '|---|---|--:|--:|---|---|---|');
  for (const row of section.rows) {
    const ratio = row.ratio ? `${formatRatio(row.ratio.value)} ${row.ratio.of}` : '—';
    lines.push(
      `| ${[
        row.subject,
        row.metric,
        formatValue(row.value, row.unit),
        ratio,
        formatTarget(row),
        verdictText(row),
        row.note ?? '',
      ]
        .map(cell)
        .join(' | ')} |`,
    );
  }
  if (section.notes.length > 0) lines.push('', ...section.notes);
  return `${lines.join('\n')}\n`;
}

/** One line per target, so a reader sees at once what was met and what was not. */
export function renderSummary(sections: readonly Section[]): string {
  const lines = ['## Targets at a glance', '', '| target | measured | result |', '|---|--:|---|'];
  for (const section of sections) {
    for (const row of section.rows) {
      if (!row.target) continue;
      const measured =
        row.target.on === 'ratio' ? formatRatio(row.ratio?.value ?? null) : formatValue(row.value, row.unit);
      lines.push(
        `| ${cell(`${row.subject}: ${row.metric} ${formatTarget(row)}`)} | ${cell(measured)} | ${verdictText(row)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

// Judged on the start only: by the end the 1-minute average includes this run's own load.
function busy(results: Results): boolean {
  return results.load.start > results.machine.cores / 2;
}

export function renderResults(results: Results): string {
  const { machine } = results;
  const header = [
    '# Cohort benchmarks',
    '',
    `Written by \`pnpm bench\` (bench/src/run.ts) on ${results.date.toISOString()}; the whole run took ${(results.durationMs / 1000).toFixed(0)} s.`,
    'Every figure below comes from that one run, measured side by side on loopback; compare the ratios, since absolute numbers move with the machine.',
    '',
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB.toFixed(1)} GiB memory, ${machine.os}`,
    `- Node: ${machine.node}`,
    ...(results.revision
      ? [
          `- Code: commit ${results.revision.commit}${results.revision.dirty ? ' with uncommitted changes' : ' (clean tree)'}`,
        ]
      : []),
    `- Load average (1 min): ${results.load.start.toFixed(2)} at the start, ${results.load.end.toFixed(2)} at the end (this run's own load included)${busy(results) ? ` — **the machine was busy with other work (more than half its ${machine.cores} cores); absolute figures are depressed, ratios less so**` : ''}`,
    '',
  ].join('\n');
  return [header, renderSummary(results.sections), ...results.sections.map(renderSection)].join('\n');
}
