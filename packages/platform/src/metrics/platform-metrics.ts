import type { Database } from '@agentloom/db';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

import { collectDatabaseGauges } from './database-gauges';
import { collectMemoryGauges } from './memory-gauges';
import { withoutTenantLabels } from './without-tenant-labels';

/**
 * Prometheus metrics of one process. Work done here (steps, tool calls, recoveries) is counted as it
 * happens; queue depth, run outcomes, tokens and cost are read from the database at scrape time, so
 * every process reports the same cluster-wide numbers for those.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  private readonly steps: Counter<'outcome'>;
  private readonly stepDuration: Histogram<'outcome'>;
  private readonly toolCalls: Counter<'tool' | 'status'>;
  private readonly toolCallDuration: Histogram<'tool'>;
  private readonly leaseRecoveries: Counter<'outcome'>;

  constructor(database: Database, executorState: () => { active: number; concurrency: number }) {
    const registers = [this.registry];
    this.steps = new Counter({ name: 'agentloom_steps_total', help: 'Engine steps committed by this process', labelNames: ['outcome'], registers });
    this.stepDuration = new Histogram({
      name: 'agentloom_step_duration_seconds',
      help: 'Time from step start to commit',
      labelNames: ['outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.toolCalls = new Counter({ name: 'agentloom_tool_calls_total', help: 'Tool calls finished by this process', labelNames: ['tool', 'status'], registers });
    this.toolCallDuration = new Histogram({
      name: 'agentloom_tool_call_duration_seconds',
      help: 'Tool handler duration',
      labelNames: ['tool'],
      buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60],
      registers,
    });
    this.leaseRecoveries = new Counter({ name: 'agentloom_lease_recoveries_total', help: 'Runs recovered from an executor that stopped', labelNames: ['outcome'], registers });
    new Gauge({
      name: 'agentloom_executor_utilization',
      help: 'Runs held by this process divided by its concurrency',
      registers,
      collect() {
        const state = executorState();
        this.set(state.concurrency === 0 ? 0 : state.active / state.concurrency);
      },
    });
    collectDatabaseGauges(database, this.registry);
    collectMemoryGauges(database, this.registry);
  }

  observeStep(outcome: string, seconds: number): void {
    this.steps.inc({ outcome });
    this.stepDuration.observe({ outcome }, seconds);
  }

  observeToolCall(tool: string, status: string, seconds: number): void {
    this.toolCalls.inc({ tool, status });
    this.toolCallDuration.observe({ tool }, seconds);
  }

  observeRecoveries(outcomes: readonly string[]): void {
    for (const outcome of outcomes) this.leaseRecoveries.inc({ outcome });
  }

  /**
   * The exposition text. `tenantLabels: false` sums away labels a tenant chooses (agent slugs, tool
   * names), for scrapers that did not authenticate.
   */
  async render(options: { tenantLabels: boolean } = { tenantLabels: true }): Promise<string> {
    const exposition = await this.registry.metrics();
    return options.tenantLabels ? exposition : withoutTenantLabels(exposition);
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
