import express, { Router } from 'express';
import { HttpError } from '../http-error.ts';
import type { JournalQuery } from '../tools/journal.ts';
import type { MockTools } from '../tools/tools.ts';
import { guard, type MockRouterOptions } from './mock.ts';

const ok = <T>(data: T, message = 'OK') => ({ success: true, message, data });
const one = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) ? one(value.at(-1)) : undefined;

/** `?operationId=&since=&limit=` of the journal, every bad parameter named. */
function journalQuery(tools: MockTools, query: Record<string, unknown>): JournalQuery {
  const errors: Record<string, string[]> = {};
  const out: JournalQuery = {};
  const operationId = one(query.operationId);
  if (operationId !== undefined) {
    if (!tools.checker.has(operationId)) errors.operationId = [`is not an operation of the contract: ${operationId}`];
    else out.operationId = operationId;
  }
  const session = one(query.session);
  if (session !== undefined) out.session = session;
  const since = one(query.since);
  if (since !== undefined) {
    if (/^\d+$/.test(since)) out.since = Number(since);
    else if (/^\d{4}-\d\d-\d\d/.test(since) && !Number.isNaN(Date.parse(since))) out.since = new Date(since);
    else errors.since = ['must be a sequence number or an ISO 8601 time'];
  }
  const limit = one(query.limit);
  if (limit !== undefined) {
    if (/^\d+$/.test(limit) && Number(limit) >= 1) out.limit = Number(limit);
    else errors.limit = ['must be a whole number, 1 or more'];
  }
  if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
  return out;
}

/**
 * `/__mock/overrides`, `/__mock/requests` and `/__mock/violations`: the testing tools over HTTP.
 * What changes state is guarded like `/__mock/reset` (JSON only, never from a foreign origin).
 */
export function mockToolsRouter(
  tools: MockTools,
  options: Pick<MockRouterOptions, 'allowStateChanges' | 'corsOrigins'>,
): Router {
  const router = Router();
  const guarded = [guard(options), express.json({ limit: '1mb' })];

  router.post('/__mock/overrides', ...guarded, (req, res) => {
    const added = tools.overrides.add(req.body);
    if ('errors' in added) throw HttpError.invalid(added.errors, 'The override does not fit the contract.');
    res.status(201).json(ok(added, `${added.operationId} answers ${added.status} now.`));
  });
  router.get('/__mock/overrides', (_req, res) => {
    res.json(ok(tools.overrides.list()));
  });
  router.delete('/__mock/overrides', ...guarded, (_req, res) => {
    res.json(ok({ removed: tools.overrides.clear() }, 'Overrides removed.'));
  });
  router.delete('/__mock/overrides/:id', ...guarded, (req, res) => {
    if (!tools.overrides.remove(String(req.params.id))) throw HttpError.notFound('No override with that id.');
    res.json(ok({ removed: 1 }, 'Override removed.'));
  });

  router.get('/__mock/requests', (req, res) => {
    if (tools.journal.size === 0) throw HttpError.notFound('The journal is off (--journal-size 0).');
    res.json(ok(tools.journal.list(journalQuery(tools, req.query as Record<string, unknown>))));
  });
  router.delete('/__mock/requests', ...guarded, (_req, res) => {
    tools.journal.clear();
    res.json(ok(null, 'Journal cleared.'));
  });

  router.get('/__mock/violations', (_req, res) => {
    const message =
      tools.checkResponses === 'off' ? 'The drift alarm is off (start the mock with --check-responses).' : 'OK';
    res.json(ok(tools.violations.list(), message));
  });
  router.delete('/__mock/violations', ...guarded, (_req, res) => {
    tools.violations.clear();
    res.json(ok(null, 'Violations cleared.'));
  });
  return router;
}
