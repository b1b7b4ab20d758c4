import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { parseInput } from '../validation/parse-input';
import { aggregateAgents, fillDays, sumAgents } from './usage-aggregate';
import { pricedVersions } from './usage-pricing';
import { selectAgentStatusRows, selectDailyRows } from './usage-rows';
import { usageSummaryInputSchema, type UsageSummaryInput } from './usage.schema';
import { resolveUsageWindow } from './usage-window';
import type { UsageSummaryView } from './usage-view';

/**
 * Tokens, cost and runs by outcome per agent, from the usage columns every run carries. Any role may
 * read it. Cost is known only where every counted run's version is priced, as on the run page.
 */
export class UsageService {
  constructor(private readonly database: Database) {}

  async summary(principal: Principal, rawInput?: UsageSummaryInput): Promise<UsageSummaryView> {
    const input = parseInput(usageSummaryInputSchema, rawInput);
    const { from, to } = resolveUsageWindow(input);
    const window = { tenantId: principal.tenantId, from, to, agentId: input.agentId };
    const [statusRows, dailyRows] = await Promise.all([selectAgentStatusRows(this.database.sql, window), selectDailyRows(this.database.sql, window)]);
    // Both kinds of row name versions: a run created between the two statements may be in one only.
    const priced = await pricedVersions(this.database, principal.tenantId, [...new Set([...statusRows, ...dailyRows].map((row) => row.agent_version_id))]);
    const isPriced = (versionId: string) => priced.has(versionId);
    const agents = aggregateAgents(statusRows, isPriced);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      agents,
      daily: fillDays(from, to, dailyRows, isPriced),
      totals: sumAgents(agents),
    };
  }
}
