import type { Database } from '@agentloom/db';
import { BudgetExceededError, type BudgetExceeded, type ModelGateway } from '@agentloom/runtime';

import { countSubjectUsage, spentSubjectBudget } from '../../budgets/subject-budget';
import type { Scorer } from '../evaluation.schema';
import { judgeCase, type JudgedCase } from './judge-scorer';
import { judgeGateway } from './judge-gateway';
import type { CaseScore } from './output-scorers';
import type { ScoringContext } from './scoring-context';

type JudgeScorer = Extract<Scorer, { type: 'llm-judge' }>;

/**
 * The judge's score, paid like any model call (ADR 0058): the tenant's and the judge agent's budgets
 * are checked before the call, and its usage is added to both. A spent budget is that case's
 * judge score failing with kind `budget-exceeded` and the budget named, never a crashed experiment.
 * A budget whose policy is `pause` refuses the call too (ADR 0063): a judge call has no run to park,
 * and holding an experiment's scoring open until a window rolls over would block its completion.
 */
export async function judgeWithinBudget(database: Database, context: ScoringContext, tenantId: string, scorer: JudgeScorer, judged: JudgedCase): Promise<CaseScore> {
  const gateway = await judgeGateway(database.prisma, context.models, tenantId, scorer);
  if (!gateway) return { scorer: 'llm-judge', passed: false, value: 0, explanation: `judge agent ${scorer.judgeAgentId} version ${scorer.judgeAgentVersion} is gone or has no model` };
  const spent = await spentSubjectBudget(database.sql, tenantId, scorer.judgeAgentId);
  if (spent) return { scorer: 'llm-judge', passed: false, value: 0, error: 'budget-exceeded', explanation: refusal(spent) };
  return judgeCase(meteredGateway(gateway, database, tenantId, scorer.judgeAgentId), scorer.rubric, scorer.passThreshold, judged, AbortSignal.timeout(120_000));
}

/** Why the judge was not asked: the runtime's budget message, and for a pausing budget why it did not pause. */
function refusal(spent: BudgetExceeded): string {
  const message = new BudgetExceededError(spent).message;
  if (spent.onExceeded !== 'pause') return `the judge was not asked: ${message}`;
  return `the judge was not asked: ${message} (the budget pauses runs; a judge call belongs to no run and cannot pause, so it is refused)`;
}

/** The gateway with every answered call's usage counted against the tenant's and the judge agent's budgets. */
function meteredGateway(gateway: ModelGateway, database: Database, tenantId: string, judgeAgentId: string): ModelGateway {
  return {
    moduleId: gateway.moduleId,
    invoke: async (request) => {
      const response = await gateway.invoke(request);
      await countSubjectUsage(database.sql, tenantId, judgeAgentId, response.usage);
      return response;
    },
  };
}
