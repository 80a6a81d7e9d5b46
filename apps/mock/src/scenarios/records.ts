import { type RecordedExchange, type Records, replayRecords, type Send } from '@cohort/openapi/recording';
import { SEEDED_PASSWORD } from '../seed/index.ts';

/** What a redacted password is replayed as when a scenario file's records name none: the seeded users' password. */
export const RECORDS_PASSWORD = SEEDED_PASSWORD;

/** What replaying a scenario's records did: each write sent, and those answered otherwise than recorded. */
export interface SeededRecords {
  replayed: number;
  /** Writes not sent, and why (an upload, a secret the recording redacted). */
  skipped: { index: number; operationId: string | null; reason: string }[];
  /** Writes answered otherwise than in the recording. */
  differed: { index: number; operationId: string | null; recorded: number; got: number }[];
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A write the recording saw succeed: what made the recorded state. */
const madeState = (exchange: RecordedExchange) =>
  !READS.has(exchange.method) && exchange.status >= 200 && exchange.status < 300;

/**
 * Replays a scenario's recorded writes that succeeded, in order, through `send` (the server's own
 * API), carrying ids and tokens: a recorded bug report's state, made again on a fresh seed.
 */
export async function seedRecords(records: Records, send: Send): Promise<SeededRecords> {
  const out: SeededRecords = { replayed: 0, skipped: [], differed: [] };
  await replayRecords(records, send, {
    select: madeState,
    onStep({ exchange, index, answer, skipped }) {
      const { operationId } = exchange;
      if (skipped && madeState(exchange)) out.skipped.push({ index, operationId, reason: skipped });
      if (!answer) return;
      out.replayed++;
      if (answer.status !== exchange.status)
        out.differed.push({ index, operationId, recorded: exchange.status, got: answer.status });
    },
  });
  return out;
}

/** One line per problem a start prints: what was skipped or answered otherwise. */
export function describeSeeded(name: string, seeded: SeededRecords): string[] {
  const lines = [`Scenario ${name}: replayed ${seeded.replayed} recorded writes.`];
  for (const { index, operationId, reason } of seeded.skipped)
    lines.push(`  records.exchanges.${index} (${operationId ?? 'no operation'}) not replayed: ${reason}`);
  for (const { index, operationId, recorded, got } of seeded.differed)
    lines.push(`  records.exchanges.${index} (${operationId ?? 'no operation'}) answered ${got}, recorded ${recorded}`);
  return lines;
}
