import type { Behaviour, BehaviourFor, Range, Scenario } from './types.ts';
import { STREAM_OPERATIONS } from './validate.ts';

/** FNV-1a over a string, then a 32-bit mix: a well-spread number from (seed, operation, call). */
function hash(seed: number, text: string, n: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ n, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

const draw = (r: Range, x: number): number => r.min + Math.round(x * (r.max - r.min));

const NONE: Behaviour = Object.freeze({ delayMs: 0 });

/** No scenario: nothing delayed, nothing failed. */
export const noBehaviour: BehaviourFor = () => NONE;

/**
 * The scenario's `behaviourFor(operationId)`: latency and failure for one request of that
 * operation, as plain data. The n-th call of an operation always draws the same (a hash of the
 * seed, the operation and n), so a fixed `--seed` fails the same calls whatever else runs between
 * them. A failure's status is one the operation declares (checked when the scenario was read).
 */
export function createBehaviour(scenario: Scenario, seed: number): BehaviourFor {
  const calls = new Map<string, number>();
  const { stream } = scenario;
  const quiet =
    !scenario.latency &&
    !scenario.errorRate &&
    Object.keys(scenario.operations).length === 0 &&
    !stream.refuseRate &&
    !stream.dropAfter;
  if (quiet) return noBehaviour;
  return (operationId) => {
    const n = calls.get(operationId) ?? 0;
    calls.set(operationId, n + 1);
    const x = (salt: string) => hash(seed, `${salt}:${operationId}`, n);
    if (STREAM_OPERATIONS.has(operationId)) {
      if (stream.refuseRate && x('refuse') < stream.refuseRate) {
        const status = stream.status ?? 503;
        return { delayMs: 0, fail: { status, message: `The event stream is refused (scenario ${scenario.name}).` } };
      }
      return stream.dropAfter ? { delayMs: 0, dropAfterMs: draw(stream.dropAfter, x('drop')) } : NONE;
    }
    const own = scenario.operations[operationId];
    const latency = own?.latency ?? scenario.latency;
    const rate = own?.errorRate ?? scenario.errorRate ?? 0;
    const delayMs = latency ? draw(latency, x('latency')) : 0;
    if (rate > 0 && x('fail') < rate) {
      const status = own?.status ?? scenario.status ?? 503;
      return {
        delayMs,
        fail: { status, message: `The mock failed this request on purpose (scenario ${scenario.name}).` },
      };
    }
    return delayMs === 0 ? NONE : { delayMs };
  };
}
