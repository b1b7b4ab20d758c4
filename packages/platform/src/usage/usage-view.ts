import type { RunStatus } from '../runs/run.schema';

/** Totals of one agent's runs in the window. Cost is in US dollars as the providers priced it. */
export interface AgentUsageView {
  agentId: string;
  agentSlug: string;
  agentName: string;
  runs: number;
  /** Every status appears, zero when no run has it. */
  runsByStatus: Record<RunStatus, number>;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Sum of the priced calls; read it with `costKnown`. */
  costUsd: number;
  /** Runs counted here whose version has a model without prices (`RunView.usage.costKnown` false): their calls added no cost. */
  unpricedRuns: number;
  /** `unpricedRuns` is 0: `costUsd` is the cost. Otherwise it is a lower bound (0 when no counted run was priced), never "free". */
  costKnown: boolean;
  toolCalls: number;
}

/** One UTC day of the window; days without runs are present with zeros so charts need no gap logic. */
export interface DailyUsageView {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  runs: number;
  inputTokens: number;
  outputTokens: number;
  /** Sum of the priced calls; a lower bound when `costKnown` is false. */
  costUsd: number;
  /** The day's runs whose cost is unknown (see `AgentUsageView.unpricedRuns`). */
  unpricedRuns: number;
  costKnown: boolean;
}

export interface UsageSummaryView {
  from: string;
  to: string;
  /** Agents with at least one run in the window, most expensive first (then by run count). */
  agents: AgentUsageView[];
  daily: DailyUsageView[];
  totals: Omit<AgentUsageView, 'agentId' | 'agentSlug' | 'agentName'>;
}
