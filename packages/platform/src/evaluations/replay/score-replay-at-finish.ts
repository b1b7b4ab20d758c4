import type { Prisma, StatementRunner } from '@agentloom/db';
import { z } from 'zod';

import { scorerSchema } from '../evaluation.schema';
import { scoresOutsideTransaction } from '../scoring/score-outside-transaction';
import { storeCaseScore } from '../store-case-score';
import type { ReplayFixture } from './load-replay-fixture';
import { underScoreSavepoint, type SavepointOutcome } from './score-savepoint-sql';

/**
 * Scores a replay in the commit that ends its run, in the executor, instead of waiting for someone
 * to read the experiment (ADR 0059): a 100-case experiment is then scored by the executor's slots in
 * parallel rather than by one reader in a loop. Inside the run's last transaction (ADR 0071: no
 * transaction of its own), after the run's rows are written, so the scorer reads them as committed
 * readers will; behind a savepoint, so a scorer that throws cannot undo the run's outcome — the case
 * is then scored on the next read. Only deterministic scorers run here; an experiment with a judge or
 * a custom scorer is left to the read path, which calls out before its transaction. Same guarded write
 * as the read path (`storeCaseScore`), so the two never both store a score.
 */
export async function scoreReplayAtFinish(
  transaction: Prisma.TransactionClient,
  /** The same transaction's raw statements through the driver (ADR 0088): the savepoint, the facts read and the stored score. */
  statements: StatementRunner,
  run: { id: string; tenantId: string },
  replay: ReplayFixture,
): Promise<SavepointOutcome<boolean>> {
  // Parsed before the savepoint but never thrown: nothing here may fail the run's commit.
  const parsed = z.array(scorerSchema).safeParse(replay.scoring.scorers);
  if (!parsed.success) return { ok: false, error: parsed.error };
  const scorers = parsed.data;
  if (scoresOutsideTransaction(scorers)) return { ok: true, value: false };
  return underScoreSavepoint(statements, () =>
    storeCaseScore(
      transaction,
      {
        tenantId: run.tenantId,
        experimentId: replay.experimentId,
        baselineExperimentId: replay.scoring.baselineExperimentId,
        resultId: replay.resultId,
        runId: run.id,
        caseId: replay.caseId,
        memoryMode: replay.memoryMode,
      },
      replay.fixture,
      scorers,
      new Map(),
      statements,
    ),
  );
}
