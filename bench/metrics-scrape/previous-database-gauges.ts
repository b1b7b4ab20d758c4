// The scrape before ADR 0046, kept verbatim for the bench: gauges that counted and summed the runs table
// (and the 24-hour memory windows) on every scrape. Copied from packages/platform/src/metrics at 97e2eec.
import type { Database } from '@agentloom/db';
import { Gauge, type Registry } from 'prom-client';

/** Gauges read from the database at scrape time: the same cluster-wide truth from every process. */
export function collectPreviousDatabaseGauges(database: Database, registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: 'agentloom_queue_depth',
    help: 'Runs waiting to be claimed',
    registers,
    async collect() {
      this.set(await database.prisma.run.count({ where: { status: 'queued' } }));
    },
  });
  new Gauge({
    name: 'agentloom_oldest_queued_age_seconds',
    help: 'Age of the oldest queued run',
    registers,
    async collect() {
      const oldest = await database.prisma.run.findFirst({ where: { status: 'queued' }, orderBy: { queuedAt: 'asc' }, select: { queuedAt: true } });
      this.set(oldest ? (Date.now() - oldest.queuedAt.getTime()) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'agentloom_runs',
    help: 'Runs by status',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset();
      const groups = await database.prisma.run.groupBy({ by: ['status'], _count: { _all: true } });
      for (const group of groups) this.set({ status: group.status }, group._count._all);
    },
  });
  new Gauge({
    name: 'agentloom_model_tokens',
    help: 'Model tokens used, by agent and direction',
    labelNames: ['agent', 'direction'],
    registers,
    async collect() {
      this.reset();
      for (const row of await usageByAgent(database)) {
        this.set({ agent: row.agent, direction: 'input' }, row.inputTokens);
        this.set({ agent: row.agent, direction: 'output' }, row.outputTokens);
      }
    },
  });
  new Gauge({
    name: 'agentloom_model_cost_usd',
    help: 'Model cost in US dollars, by agent',
    labelNames: ['agent'],
    registers,
    async collect() {
      this.reset();
      for (const row of await usageByAgent(database)) this.set({ agent: row.agent }, row.costUsd);
    },
  });
}

async function usageByAgent(database: Database): Promise<{ agent: string; inputTokens: number; outputTokens: number; costUsd: number }[]> {
  const rows = await database.sql.query<{ agent: string; input_tokens: string; output_tokens: string; cost_usd: string }>(
    `SELECT agents.slug AS agent, SUM(runs.input_tokens)::text AS input_tokens, SUM(runs.output_tokens)::text AS output_tokens, SUM(runs.cost_usd)::text AS cost_usd
       FROM runs JOIN agents ON agents.id = runs.agent_id GROUP BY agents.slug`,
  );
  return rows.map((row) => ({ agent: row.agent, inputTokens: Number(row.input_tokens), outputTokens: Number(row.output_tokens), costUsd: Number(row.cost_usd) }));
}
