import { rawSqlFor, type Prisma } from '@agentloom/db';

/**
 * Adds to each experiment's `erased_cases` the number of its replay runs among `runIds`, the runs this
 * erase deletes (ADR 0104). Called in the erase's transaction before the runs and cases go: their
 * results go with them by cascade, and the experiment then completes on the cases left, or, completed
 * already, lists fewer results than its summary counts. The count lets a reader (a CI gate) tell that
 * verdict from one on every case. Replays the erase found through erased cases and a replay run erased
 * by its own id count alike: either way the experiment lost a case. Returns how many experiments it
 * counted on.
 */
export function countErasedCases(transaction: Prisma.TransactionClient, tenantId: string, runIds: readonly string[]): Promise<number> {
  if (runIds.length === 0) return Promise.resolve(0);
  return rawSqlFor(transaction).execute(
    `UPDATE eval_experiments experiment SET erased_cases = experiment.erased_cases + erased.cases
       FROM (SELECT experiment_id, count(*)::int AS cases FROM eval_results
              WHERE tenant_id = $1::uuid AND run_id = ANY($2::uuid[])
              GROUP BY experiment_id) erased
      WHERE experiment.id = erased.experiment_id AND experiment.tenant_id = $1::uuid`,
    tenantId,
    [...runIds],
  );
}
