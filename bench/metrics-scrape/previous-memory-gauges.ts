// The memory gauges before ADR 0046, kept verbatim for the bench (copied at 97e2eec).
import type { Database } from '@agentloom/db';
import { Gauge, type Registry } from 'prom-client';

/** Quantiles reported for the size metrics; 1 is the maximum. */
const quantiles = [0.5, 0.95, 1] as const;

/** Size metrics look at a recent window so one old giant run does not pin them forever. */
const windowSql = `now() - interval '24 hours'`;

/**
 * Working-memory size metrics, read from the database at scrape time (so every process reports the
 * same cluster-wide numbers): checkpoint size, messages per run, and prompt tokens spent on seeded
 * thread history — each as quantiles over the last 24 hours — plus live memory items by kind.
 */
export function collectPreviousMemoryGauges(database: Database, registry: Registry): void {
  const registers = [registry];
  quantileGauge(
    database,
    registers,
    'agentloom_checkpoint_bytes',
    'Checkpoint size in bytes (quantiles over checkpoints of the last 24 h)',
    `SELECT byte_size::double precision AS value FROM checkpoints WHERE created_at > ${windowSql}`,
  );
  quantileGauge(
    database,
    registers,
    'agentloom_messages_per_run',
    'Messages per run (quantiles over runs finished in the last 24 h)',
    `SELECT count(messages.id)::double precision AS value FROM runs LEFT JOIN messages ON messages.run_id = runs.id WHERE runs.finished_at > ${windowSql} GROUP BY runs.id`,
  );
  quantileGauge(
    database,
    registers,
    'agentloom_prompt_tokens_from_history',
    'Estimated prompt tokens of seeded thread history per run (chars/3 + 4 per message, as the runtime estimates; runs on threads created in the last 24 h)',
    `SELECT sum(ceil(length(content) / 3.0) + 4)::double precision AS value FROM messages WHERE kind = 'thread_history' AND created_at > ${windowSql} GROUP BY run_id`,
  );
  new Gauge({
    name: 'agentloom_memory_items',
    help: 'Live memory items (not superseded) by kind',
    labelNames: ['kind'],
    registers,
    async collect() {
      this.reset();
      const groups = await database.prisma.memoryItem.groupBy({ by: ['kind'], where: { supersededById: null }, _count: { _all: true } });
      for (const group of groups) this.set({ kind: group.kind }, group._count._all);
    },
  });
}

function quantileGauge(database: Database, registers: Registry[], name: string, help: string, valuesSql: string): void {
  new Gauge({
    name,
    help,
    labelNames: ['quantile'],
    registers,
    async collect() {
      this.reset();
      const [row] = await database.sql.query<Record<string, number | null>>(
        `SELECT ${quantiles.map((quantile, position) => `percentile_cont(${quantile}) WITHIN GROUP (ORDER BY value) AS q${position}`).join(', ')} FROM (${valuesSql}) AS sample`,
      );
      quantiles.forEach((quantile, position) => this.set({ quantile: String(quantile) }, Number(row?.[`q${position}`] ?? 0)));
    },
  });
}
