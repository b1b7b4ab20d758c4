/** A limit (null: none) with how many runs of its scope are running now. */
export interface ConcurrencyLimitView {
  maxRunningRuns: number | null;
  running: number;
}

export interface AgentConcurrencyLimitView extends ConcurrencyLimitView {
  agentId: string;
  agentName: string;
}

/** The tenant's limit, and every agent of the tenant that has one. */
export interface ConcurrencyLimitsView {
  tenant: ConcurrencyLimitView;
  agents: AgentConcurrencyLimitView[];
}
