import type { Database } from '@agentloom/db';
import { z } from 'zod';

import { scorerSchema } from '../evaluation.schema';
import { scoresOutsideTransaction } from '../scoring/score-outside-transaction';
import { storeCaseScore } from '../store-case-score';
import type { ReplayFixture } from './load-replay-fixture';

/**
 * Scores a replay as soon as its run has finished, in the executor, instead of waiting for someone
 * to read the experiment (ADR 0059): a 100-case experiment is then scored by the executor's slots in
 * parallel rather than by one reader in a loop. Only deterministic scorers run here; an experiment
 * with a judge or a custom scorer is left to the read path, which calls out before its transaction.
 * Same guarded write as the read path (`storeCaseScore`), so the two never both store a score. Its
 * own transaction, after the run's last commit: a scorer that throws cannot undo the run's outcome,
 * and a case it leaves unscored is scored on the next read.
 */
export async function scoreReplayAtFinish(database: Database, run: { id: string; tenantId: string }, replay: ReplayFixture): Promise<boolean> {
  const scorers = z.array(scorerSchema).parse(replay.scoring.scorers);
  if (scoresOutsideTransaction(scorers)) return false;
  return database.prisma.$transaction((transaction) =>
    storeCaseScore(
      transaction,
      { tenantId: run.tenantId, experimentId: replay.experimentId, baselineExperimentId: replay.scoring.baselineExperimentId, resultId: replay.resultId, runId: run.id, caseId: replay.caseId },
      replay.fixture,
      scorers,
      new Map(),
    ),
  );
}
