import type { Engine, LifecycleHooks } from '@agentloom/runtime';
import { createPlatform, type Platform } from '@agentloom/platform';
import type { DatabaseConfig } from '@agentloom/db';

import { agentVersionConfigSchema, buildRunEngine, claimRuns, createCancelFenceHooks, createToolLedgerHooks, ModelConnector, persistStep, SecretBox, ToolCatalog } from './agentloom-internals';

export interface StepSample {
  step: number;
  persistMs: number;
  /**
   * The durable writes around the step's calls: the cancel check before the model call (none within 1 ms of the
   * step commit before it, ADR 0094), the ledger's start of the tool call, and its end — none for this bench's
   * `none` tool, whose end the step commit records (ADR 0093).
   */
  hookMs: number;
  stepMs: number;
  checkpointBytes: number;
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** How many runs are measured, and how long: the short runs pool the early steps (see `measureRun`). */
export interface RunPlan {
  toolTurns: number;
  warmUpTurns: number;
  shortRuns: number;
  shortRunTurns: number;
}

export interface RunSamples {
  /** Every step of the long run. */
  samples: StepSample[];
  /** Every step of each short run, one array per run. */
  shortRunSamples: StepSample[][];
  floorMs: number;
}

/**
 * Runs one agent for `toolTurns` tool turns and times each step's commit separately from its work.
 * A warm-up run of `warmUpTurns` goes first on the same platform (same connections, same process),
 * so the measured steps are not the process's first JIT and plan-cache window; then `shortRuns` runs
 * of `shortRunTurns` turns, whose early steps the report pools (ten steps of one run are too few:
 * one GC pause or optimizing compile among them moves their mean by a third); then the long run.
 * The LangGraph peer gets the same plan.
 */
export async function measureRun(database: DatabaseConfig, plan: RunPlan): Promise<RunSamples> {
  // Benches seal nothing secret, but a Postgres-backed platform needs a secret key (AGENTLOOM_SECRET_KEY).
  const platform = await createPlatform({ database, logger: silent, secrets: { key: Buffer.alloc(32, 7) } });
  try {
    if (plan.warmUpTurns > 0) await runLongAgent(platform, plan.warmUpTurns, 'warm-up');
    const shortRunSamples: StepSample[][] = [];
    for (let index = 0; index < plan.shortRuns; index += 1) shortRunSamples.push(await runLongAgent(platform, plan.shortRunTurns, `short-${index}`));
    const samples = await runLongAgent(platform, plan.toolTurns, 'measured');
    return { samples, shortRunSamples, floorMs: await measureInsertCommitFloor(platform) };
  } finally {
    await platform.close();
  }
}

export async function runLongAgent(platform: Platform, toolTurns: number, label: string): Promise<StepSample[]> {
  const agentId = await createLongAgent(platform, toolTurns, label);
  const principal = (await platform.auth.authenticate(platform.seed.adminKey!))!;
  await platform.runs.create(principal, { agentId, input: 'Cite many sources.' });
  const [claimed] = await claimRuns(platform.database.prisma, 'bench', 1, 3_600_000);
  if (!claimed) throw new Error('nothing to claim');
  const version = await platform.database.prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
  const holder: { engine?: Engine } = {};
  // The executor's wiring (engine-run-processor): the per-step statements through the driver (ADR 0072),
  // the cancel fence before model calls, the ledger around tool calls.
  const { statements } = platform.database;
  const ledger = createToolLedgerHooks(statements, claimed, 'bench', () => holder.engine!.services.registry);
  const fence = createCancelFenceHooks(statements, claimed, 'bench');
  const hookTime = { ms: 0 };
  const hooks = [timed(fence, hookTime), timed(ledger, hookTime)];
  const engine = buildRunEngine({ runId: claimed.id, agentId, versionId: version.id, config: agentVersionConfigSchema.parse(version.config), tools: new ToolCatalog(), hooks, models: new ModelConnector(fetch, new SecretBox(Buffer.alloc(32, 7))) });
  holder.engine = engine;
  const run = engine.start({ task: 'Cite many sources.', instanceId: claimed.id });
  const samples: StepSample[] = [];
  for (;;) {
    const started = performance.now();
    hookTime.ms = 0;
    const result = await run.step();
    const persistStarted = performance.now();
    const committed = await persistStep(platform.database.prisma, claimed, result, { owner: 'bench', statements });
    const finished = performance.now();
    // As the executor does: a confirming commit stands in for the next model call's fence read when that call starts within the window (ADR 0094).
    fence.stepCommitted(committed.fenceConfirmed === true);
    samples.push({ step: result.step, persistMs: finished - persistStarted, hookMs: hookTime.ms, stepMs: finished - started, checkpointBytes: Buffer.byteLength(JSON.stringify(result.checkpoint)) });
    if (result.next.type !== 'run-again') break;
  }
  await engine.close();
  return samples;
}

/** The same hooks, adding the time spent in each to `total.ms`. */
function timed(hooks: LifecycleHooks, total: { ms: number }): LifecycleHooks {
  const wrapped: Record<string, (info: unknown) => Promise<unknown>> = {};
  for (const [name, hook] of Object.entries(hooks)) {
    if (typeof hook !== 'function') continue;
    const call = hook as (info: unknown) => unknown;
    wrapped[name] = async (info) => {
      const started = performance.now();
      try {
        return await call.call(hooks, info);
      } finally {
        total.ms += performance.now() - started;
      }
    };
  }
  return wrapped;
}

async function createLongAgent(platform: Platform, toolTurns: number, label: string): Promise<string> {
  const tenant = await platform.database.prisma.tenant.findFirstOrThrow();
  const replies = Array.from({ length: toolTurns }, (_, turn) => ({ text: `Source ${turn}.`, toolCalls: [{ name: 'record_citation', arguments: { source: `https://example.org/source/${turn}` } }] }));
  const config = { builtinTools: ['record_citation'], completion: { verify: false, requireToolEvidence: false }, limits: { maxModelCalls: toolTurns + 10, maxIterations: toolTurns + 10 }, demoScript: { replies: [...replies, { text: 'Done.' }] } };
  const agent = await platform.database.prisma.agent.create({
    data: { tenantId: tenant.id, slug: `long-${label}-${toolTurns}`, name: 'Long', versions: { create: { tenantId: tenant.id, version: 1, configHash: 'bench', config } } },
  });
  return agent.id;
}

/** The floor: one single-row INSERT … COMMIT through the same client, mean of 200. */
async function measureInsertCommitFloor(platform: Platform): Promise<number> {
  const { prisma } = platform.database;
  await prisma.$executeRawUnsafe('CREATE TABLE IF NOT EXISTS bench_floor (id serial PRIMARY KEY, payload text)');
  const started = performance.now();
  for (let index = 0; index < 200; index += 1) {
    await prisma.$transaction(async (transaction) => {
      await transaction.$executeRawUnsafe('INSERT INTO bench_floor (payload) VALUES ($1)', `row ${index}`);
    });
  }
  return (performance.now() - started) / 200;
}
