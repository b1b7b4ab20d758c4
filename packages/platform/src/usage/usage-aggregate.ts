import { runStatuses, type RunStatus } from '../runs/run.schema';
import type { AgentStatusRow, DailyRow } from './usage-rows';
import type { AgentUsageView, DailyUsageView, UsageSummaryView } from './usage-view';

/** Whether a version prices every model it could call (`pricedVersions`). */
export type IsPricedVersion = (versionId: string) => boolean;

function emptyStatusCounts(): Record<RunStatus, number> {
  return Object.fromEntries(runStatuses.map((status) => [status, 0])) as Record<RunStatus, number>;
}

/** One agent per id, its version and status rows summed; most expensive first, then by run count and name. */
export function aggregateAgents(rows: AgentStatusRow[], isPriced: IsPricedVersion): AgentUsageView[] {
  const byAgent = new Map<string, AgentUsageView>();
  for (const row of rows) {
    const agent = byAgent.get(row.agent_id) ?? {
      agentId: row.agent_id,
      agentSlug: row.agent_slug,
      agentName: row.agent_name,
      runs: 0,
      runsByStatus: emptyStatusCounts(),
      modelCalls: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      unpricedRuns: 0,
      costKnown: true,
      toolCalls: 0,
    };
    agent.runs += row.runs;
    agent.runsByStatus[row.status] += row.runs;
    agent.modelCalls += row.model_calls;
    agent.inputTokens += row.input_tokens;
    agent.outputTokens += row.output_tokens;
    agent.costUsd += row.cost_usd;
    if (!isPriced(row.agent_version_id)) agent.unpricedRuns += row.runs;
    agent.costKnown = agent.unpricedRuns === 0;
    agent.toolCalls += row.tool_calls;
    byAgent.set(row.agent_id, agent);
  }
  return [...byAgent.values()].sort((left, right) => right.costUsd - left.costUsd || right.runs - left.runs || left.agentName.localeCompare(right.agentName));
}

export function sumAgents(agents: AgentUsageView[]): UsageSummaryView['totals'] {
  const totals: UsageSummaryView['totals'] = {
    runs: 0,
    runsByStatus: emptyStatusCounts(),
    modelCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    unpricedRuns: 0,
    costKnown: true,
    toolCalls: 0,
  };
  for (const agent of agents) {
    totals.runs += agent.runs;
    for (const status of runStatuses) totals.runsByStatus[status] += agent.runsByStatus[status];
    totals.modelCalls += agent.modelCalls;
    totals.inputTokens += agent.inputTokens;
    totals.outputTokens += agent.outputTokens;
    totals.costUsd += agent.costUsd;
    totals.unpricedRuns += agent.unpricedRuns;
    totals.toolCalls += agent.toolCalls;
  }
  totals.costKnown = totals.unpricedRuns === 0;
  return totals;
}

/** Every UTC day touched by [from, to), in order, zero-filled; a day's version rows summed. */
export function fillDays(from: Date, to: Date, rows: DailyRow[], isPriced: IsPricedVersion): DailyUsageView[] {
  const byDay = new Map<string, DailyUsageView>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? emptyDay(row.day);
    day.runs += row.runs;
    day.inputTokens += row.input_tokens;
    day.outputTokens += row.output_tokens;
    day.costUsd += row.cost_usd;
    if (!isPriced(row.agent_version_id)) day.unpricedRuns += row.runs;
    day.costKnown = day.unpricedRuns === 0;
    byDay.set(row.day, day);
  }
  const days: DailyUsageView[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  while (cursor < to) {
    const day = cursor.toISOString().slice(0, 10);
    days.push(byDay.get(day) ?? emptyDay(day));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}

function emptyDay(day: string): DailyUsageView {
  return { day, runs: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, unpricedRuns: 0, costKnown: true };
}
