import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { runStatuses, type RunStatus } from '../runs/run.schema';
import { parseInput } from '../validation/parse-input';
import { selectAgentStatusRows, selectDailyRows, type AgentStatusRow, type DailyRow } from './usage-rows';
import { usageSummaryInputSchema, type UsageSummaryInput } from './usage.schema';
import { resolveUsageWindow } from './usage-window';
import type { AgentUsageView, DailyUsageView, UsageSummaryView } from './usage-view';

/** Tokens, cost and runs by outcome per agent, from the usage columns every run carries. Any role may read it. */
export class UsageService {
  constructor(private readonly database: Database) {}

  async summary(principal: Principal, rawInput?: UsageSummaryInput): Promise<UsageSummaryView> {
    const input = parseInput(usageSummaryInputSchema, rawInput);
    const { from, to } = resolveUsageWindow(input);
    const window = { tenantId: principal.tenantId, from, to, agentId: input.agentId };
    const [statusRows, dailyRows] = await Promise.all([selectAgentStatusRows(this.database.sql, window), selectDailyRows(this.database.sql, window)]);
    const agents = aggregateAgents(statusRows);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      agents,
      daily: fillDays(from, to, dailyRows),
      totals: sumAgents(agents),
    };
  }
}

function emptyStatusCounts(): Record<RunStatus, number> {
  return Object.fromEntries(runStatuses.map((status) => [status, 0])) as Record<RunStatus, number>;
}

function aggregateAgents(rows: AgentStatusRow[]): AgentUsageView[] {
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
      toolCalls: 0,
    };
    agent.runs += row.runs;
    agent.runsByStatus[row.status] += row.runs;
    agent.modelCalls += row.model_calls;
    agent.inputTokens += row.input_tokens;
    agent.outputTokens += row.output_tokens;
    agent.costUsd += row.cost_usd;
    agent.toolCalls += row.tool_calls;
    byAgent.set(row.agent_id, agent);
  }
  return [...byAgent.values()].sort((left, right) => right.costUsd - left.costUsd || right.runs - left.runs || left.agentName.localeCompare(right.agentName));
}

function sumAgents(agents: AgentUsageView[]): UsageSummaryView['totals'] {
  const totals: UsageSummaryView['totals'] = {
    runs: 0,
    runsByStatus: emptyStatusCounts(),
    modelCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    toolCalls: 0,
  };
  for (const agent of agents) {
    totals.runs += agent.runs;
    for (const status of runStatuses) totals.runsByStatus[status] += agent.runsByStatus[status];
    totals.modelCalls += agent.modelCalls;
    totals.inputTokens += agent.inputTokens;
    totals.outputTokens += agent.outputTokens;
    totals.costUsd += agent.costUsd;
    totals.toolCalls += agent.toolCalls;
  }
  return totals;
}

/** Every UTC day touched by [from, to), in order, zero-filled. */
function fillDays(from: Date, to: Date, rows: DailyRow[]): DailyUsageView[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: DailyUsageView[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  while (cursor < to) {
    const day = cursor.toISOString().slice(0, 10);
    const row = byDay.get(day);
    days.push({ day, runs: row?.runs ?? 0, inputTokens: row?.input_tokens ?? 0, outputTokens: row?.output_tokens ?? 0, costUsd: row?.cost_usd ?? 0 });
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}
