import type { Database } from '@agentloom/db';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

import { collectMemoryGauges } from './memory-gauges';
import { collectQueueGauges } from './queue-gauges';
import { withoutTenantLabels } from './without-tenant-labels';

/**
 * The agent a usage sample belongs to. A slug is unique only within its tenant (two tenants may both
 * have `support-bot`), so the series is labelled by both: `tenant` (the tenant id) and `agent` (the slug).
 */
export interface AgentSeries {
  tenantId: string;
  agentSlug: string;
}

/** The tool a call sample belongs to: tool names are chosen per tenant (MCP servers), so the tenant is part of it. */
export interface ToolSeries {
  tenantId: string;
  toolName: string;
}

/** Token and cost usage of one committed step. */
export interface StepUsage {
  inputTokens: number;
  outputTokens: number;
  costUsd?: number | undefined;
}

/**
 * Prometheus metrics of one process (ADR 0046). Everything this process does — claims, steps, tool
 * calls, finished runs, tokens, cost, checkpoint sizes — is counted as it happens, so a scrape reads
 * memory; sum the series over processes in PromQL. Only the queue and the approval backlog are read
 * from the database at scrape time, with one statement over partial indexes: their cost follows the
 * queue's size, not the number of runs ever made.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  private readonly steps: Counter<'outcome'>;
  private readonly stepDuration: Histogram<'outcome'>;
  private readonly toolCalls: Counter<'tenant' | 'tool' | 'status'>;
  private readonly toolCallDuration: Histogram<'tenant' | 'tool'>;
  private readonly leaseRecoveries: Counter<'outcome'>;
  private readonly claimLatency: Histogram;
  private readonly runOutcomes: Counter<'status'>;
  private readonly tokens: Counter<'tenant' | 'agent' | 'direction'>;
  private readonly cost: Counter<'tenant' | 'agent'>;
  private readonly checkpointBytes: Histogram;
  private readonly messagesPerRun: Histogram;
  private readonly historyTokens: Histogram;

  constructor(database: Database, executorState: () => { active: number; concurrency: number }) {
    const registers = [this.registry];
    this.steps = new Counter({ name: 'agentloom_steps_total', help: 'Engine steps finished by this process (outcome `error`: the step threw)', labelNames: ['outcome'], registers });
    this.stepDuration = new Histogram({
      name: 'agentloom_step_duration_seconds',
      help: 'Time from step start to commit',
      labelNames: ['outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.toolCalls = new Counter({ name: 'agentloom_tool_calls_total', help: 'Tool calls finished by this process, by tenant id, tool and status', labelNames: ['tenant', 'tool', 'status'], registers });
    this.toolCallDuration = new Histogram({
      name: 'agentloom_tool_call_duration_seconds',
      help: 'Tool handler duration, by tenant id and tool',
      labelNames: ['tenant', 'tool'],
      buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60],
      registers,
    });
    this.leaseRecoveries = new Counter({ name: 'agentloom_lease_recoveries_total', help: 'Runs recovered from an executor that stopped', labelNames: ['outcome'], registers });
    this.claimLatency = new Histogram({
      name: 'agentloom_claim_latency_seconds',
      help: 'Time a run waited in the queue before this process claimed it',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
      registers,
    });
    this.runOutcomes = new Counter({ name: 'agentloom_run_outcomes_total', help: 'Runs this process ended, by final status', labelNames: ['status'], registers });
    this.tokens = new Counter({ name: 'agentloom_model_tokens_total', help: 'Model tokens committed by this process, by tenant id, agent slug and direction', labelNames: ['tenant', 'agent', 'direction'], registers });
    this.cost = new Counter({ name: 'agentloom_model_cost_usd_total', help: 'Model cost in US dollars committed by this process, by tenant id and agent slug', labelNames: ['tenant', 'agent'], registers });
    this.checkpointBytes = new Histogram({
      name: 'agentloom_checkpoint_bytes',
      help: 'Size of each checkpoint committed by this process',
      buckets: [1_024, 4_096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304],
      registers,
    });
    this.messagesPerRun = new Histogram({
      name: 'agentloom_messages_per_run',
      help: 'Transcript length (messages) of each run this process ended',
      buckets: [2, 5, 10, 25, 50, 100, 250, 500, 1_000],
      registers,
    });
    this.historyTokens = new Histogram({
      name: 'agentloom_prompt_tokens_from_history',
      help: 'Estimated prompt tokens of thread history seeded into each new run on a thread',
      buckets: [100, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000],
      registers,
    });
    new Gauge({
      name: 'agentloom_executor_utilization',
      help: 'Runs held by this process divided by its concurrency',
      registers,
      collect() {
        const state = executorState();
        this.set(state.concurrency === 0 ? 0 : state.active / state.concurrency);
      },
    });
    collectQueueGauges(database, this.registry);
    collectMemoryGauges(database, this.registry);
  }

  observeStep(outcome: string, seconds: number): void {
    this.steps.inc({ outcome });
    this.stepDuration.observe({ outcome }, seconds);
  }

  /** A committed step's usage, counted under its tenant and agent (series: one per agent that committed here). */
  observeStepCommit(series: AgentSeries, usage: StepUsage, checkpointBytes: number): void {
    const labels = { tenant: series.tenantId, agent: series.agentSlug };
    if (usage.inputTokens > 0) this.tokens.inc({ ...labels, direction: 'input' }, usage.inputTokens);
    if (usage.outputTokens > 0) this.tokens.inc({ ...labels, direction: 'output' }, usage.outputTokens);
    if (usage.costUsd) this.cost.inc(labels, usage.costUsd);
    this.checkpointBytes.observe(checkpointBytes);
  }

  /** A finished tool call, counted under its tenant and tool name (series: one per tool a tenant's runs called here). */
  observeToolCall(series: ToolSeries, status: string, seconds: number): void {
    const labels = { tenant: series.tenantId, tool: series.toolName };
    this.toolCalls.inc({ ...labels, status });
    this.toolCallDuration.observe(labels, seconds);
  }

  observeClaim(queuedSeconds: number): void {
    this.claimLatency.observe(Math.max(0, queuedSeconds));
  }

  /** A run ended here (`messages`: its transcript length when known). */
  observeRunFinished(status: string, messages?: number): void {
    this.runOutcomes.inc({ status });
    if (messages !== undefined) this.messagesPerRun.observe(messages);
  }

  observeHistorySeeded(tokens: number): void {
    this.historyTokens.observe(tokens);
  }

  observeRecoveries(outcomes: readonly string[]): void {
    for (const outcome of outcomes) {
      this.leaseRecoveries.inc({ outcome });
      // Recovery ends a run whose attempts ran out (`failed`) or whose cancel committed (`cancelled`).
      if (outcome === 'failed' || outcome === 'cancelled') this.runOutcomes.inc({ status: outcome });
    }
  }

  /** The tenant ids this process's series are labelled with (usage and tool series). */
  async tenantsInSeries(): Promise<string[]> {
    const tenants = new Set<string>();
    for (const metric of this.tenantMetrics()) {
      for (const sample of (await metric.get()).values) {
        const tenant = sample.labels['tenant'];
        if (typeof tenant === 'string') tenants.add(tenant);
      }
    }
    return [...tenants];
  }

  /** Removes every series labelled with one of these tenants (erased: erased-tenant-series.ts). */
  async dropTenantSeries(tenantIds: readonly string[]): Promise<void> {
    const gone = new Set(tenantIds);
    for (const metric of this.tenantMetrics()) {
      for (const sample of (await metric.get()).values) {
        if (!gone.has(String(sample.labels['tenant']))) continue;
        // A histogram's samples carry `le` (one per bucket); its series is named by the other labels.
        const { le: _bucket, ...labels } = sample.labels;
        metric.remove(labels as Record<string, string>);
      }
    }
  }

  private tenantMetrics(): (Counter<string> | Histogram<string>)[] {
    return [this.toolCalls, this.toolCallDuration, this.tokens, this.cost] as (Counter<string> | Histogram<string>)[];
  }

  /**
   * The exposition text. `tenantLabels: false` sums away the labels that identify a tenant (tenant
   * ids, agent slugs, tool names), for scrapers that did not authenticate.
   */
  async render(options: { tenantLabels: boolean } = { tenantLabels: true }): Promise<string> {
    const exposition = await this.registry.metrics();
    return options.tenantLabels ? exposition : withoutTenantLabels(exposition);
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
