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
  costUsd: number;
  toolCalls: number;
}

/** One UTC day of the window; days without runs are present with zeros so charts need no gap logic. */
export interface DailyUsageView {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  runs: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface UsageSummaryView {
  from: string;
  to: string;
  /** Agents with at least one run in the window, most expensive first (then by run count). */
  agents: AgentUsageView[];
  daily: DailyUsageView[];
  totals: Omit<AgentUsageView, 'agentId' | 'agentSlug' | 'agentName'>;
}
