import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { parseInput } from '../validation/parse-input';
import { insertRun } from './insert-run';
import { loadOriginRun, resolveRepeatVersion } from './load-origin-run';
import { rerunRunInputSchema } from './run-repeat.schema';

/**
 * Runs a run's input again as a new run, on the same agent version or another version of the same
 * agent, linked by `rerun_of_run_id` (ADR 0029). Any run can be re-run, in any state. The re-run has
 * no thread: it exists to compare behaviour on one input, and appending it to the origin's
 * conversation would change that conversation's history.
 * @throws DomainError `not-found` on `runId` for an unknown run, or one an erase took while the
 *   re-run waited for it (insertRun share-locks the origin; ADR 0104).
 */
export async function rerunRun(database: Database, principal: Principal, rawInput: unknown): Promise<{ runId: string }> {
  const { runId, agentVersion: requestedVersion } = parseInput(rerunRunInputSchema, rawInput);
  const origin = await loadOriginRun(database, principal.tenantId, runId);
  const agentVersion = await resolveRepeatVersion(database, principal.tenantId, origin, requestedVersion);
  const { id: newRunId } = await insertRun(database.statements, principal, {
    input: { agentId: origin.agentId, agentVersion: agentVersion.version, input: origin.inputText },
    requestHash: null,
    origin: { kind: 'rerun', runId },
  });
  return { runId: newRunId };
}
