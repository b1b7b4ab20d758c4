import type { RawSql } from '@agentloom/db';

import type { RunStatus } from '../runs/run.schema';

export interface AgentStatusRow {
  agent_id: string;
  /** Rows are per version too: whether a run's cost is known depends on its version's models. */
  agent_version_id: string;
  agent_slug: string;
  agent_name: string;
  status: RunStatus;
  runs: number;
  model_calls: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
  tool_calls: number;
}

export interface DailyRow {
  day: string;
  /** A day has a row per version that ran on it (see `AgentStatusRow.agent_version_id`). */
  agent_version_id: string;
  runs: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

export interface UsageWindow {
  tenantId: string;
  from: Date;
  to: Date;
  agentId: string | undefined;
}

// Sums are cast to float8: bigint/numeric would arrive as strings or Decimal objects, and the values
// (tokens, dollars) stay far inside float8's exact-integer range.
const windowFilter = `runs.tenant_id = $1::uuid AND runs.created_at >= $2 AND runs.created_at < $3 AND ($4::uuid IS NULL OR runs.agent_id = $4::uuid)`;

/** Per agent and status: the totals the table shows. */
export function selectAgentStatusRows(sql: RawSql, window: UsageWindow): Promise<AgentStatusRow[]> {
  return sql.query<AgentStatusRow>(
    `SELECT runs.agent_id::text AS agent_id, runs.agent_version_id::text AS agent_version_id, agents.slug AS agent_slug, agents.name AS agent_name, runs.status::text AS status,
            COUNT(*)::float8 AS runs, SUM(runs.model_calls)::float8 AS model_calls,
            SUM(runs.input_tokens)::float8 AS input_tokens, SUM(runs.output_tokens)::float8 AS output_tokens,
            SUM(runs.cost_usd)::float8 AS cost_usd, SUM(runs.tool_call_count)::float8 AS tool_calls
       FROM runs JOIN agents ON agents.id = runs.agent_id
      WHERE ${windowFilter}
      GROUP BY runs.agent_id, runs.agent_version_id, agents.slug, agents.name, runs.status`,
    ...windowParameters(window),
  );
}

/** Per UTC day: the chart's series. */
export function selectDailyRows(sql: RawSql, window: UsageWindow): Promise<DailyRow[]> {
  return sql.query<DailyRow>(
    `SELECT to_char(date_trunc('day', runs.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
            runs.agent_version_id::text AS agent_version_id, COUNT(*)::float8 AS runs, SUM(runs.input_tokens)::float8 AS input_tokens,
            SUM(runs.output_tokens)::float8 AS output_tokens, SUM(runs.cost_usd)::float8 AS cost_usd
       FROM runs
      WHERE ${windowFilter}
      GROUP BY 1, 2 ORDER BY 1`,
    ...windowParameters(window),
  );
}

/** The models of each version (not the whole config: prompts can be long), for `pricesKnown`. */
export function selectVersionModels(sql: RawSql, tenantId: string, versionIds: readonly string[]): Promise<{ id: string; config: unknown }[]> {
  if (versionIds.length === 0) return Promise.resolve([]);
  return sql.query<{ id: string; config: unknown }>(
    `SELECT id::text AS id, jsonb_build_object('model', config -> 'model', 'fallbackModels', config -> 'fallbackModels') AS config
       FROM agent_versions
      WHERE tenant_id = $1::uuid AND id = ANY ($2::uuid[])`,
    tenantId,
    [...versionIds],
  );
}

function windowParameters(window: UsageWindow): unknown[] {
  return [window.tenantId, window.from, window.to, window.agentId ?? null];
}
