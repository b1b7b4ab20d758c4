/**
 * Where a recorded replay's time goes (ADR 0059). Records N runs of the bench's scripted agent
 * (BENCH_REPLAY_TOOL_MS, default 0: only the dataset is needed), then replays them as an experiment
 * and splits the wall time into phases: creating the experiment (one transaction queuing a run per
 * case), executing the replay runs (nobody reads the experiment meanwhile, so no scoring on read),
 * and the reads until the experiment completes (scoring what the executor left unscored). From the
 * run rows and events: claim latency, per-run execution time, time per committed step, executor
 * utilisation. On the server mode also the database's committed transactions and row writes per case
 * (`pg_stat_database`). `npx tsx bench/replay/profile.ts` (BENCH_REPLAY_CASES, default 50; BENCH_REPLAY_MODES).
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadavg } from 'node:os';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import type { DatabaseMode } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '@agentloom/platform/testing';
import { defineTool } from '@agentloom/runtime';

import { waitForEpisodes } from './wait-for-episodes';
import { z } from 'zod';

const cases = Number(process.env.BENCH_REPLAY_CASES ?? 50);
const toolMs = Number(process.env.BENCH_REPLAY_TOOL_MS ?? 0);
const concurrency = Number(process.env.BENCH_REPLAY_CONCURRENCY ?? 8);
/** When set, a V8 CPU profile of the replay phase (create → completed) is written to `<value>-<mode>.cpuprofile`. */
const cpuProfile = process.env.BENCH_REPLAY_CPU_PROFILE;
const pollMs = 100;

/**
 * BENCH_REPLAY_STATEMENTS=1 (embedded mode): every statement PGlite runs during the replay phase,
 * by its first 90 characters, with count and time — PGlite is one session in this process, so this
 * is where an embedded replay's time goes statement by statement.
 */
const statementLog = process.env.BENCH_REPLAY_STATEMENTS === '1' ? new Map<string, { count: number; ms: number }>() : undefined;
/** The same statements with the time spent inside the engine only (no wait for the session). */
const engineLog = new Map<string, { count: number; ms: number }>();
let logging = false;
if (statementLog) {
  const record = (text: string, began: number) => {
    if (!logging) return;
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    const entry = statementLog.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += performance.now() - began;
    statementLog.set(key, entry);
  };
  type Query = (text: string, ...rest: unknown[]) => Promise<unknown>;
  const timed = (query: Query): Query =>
    async function (this: unknown, text: string, ...rest: unknown[]) {
      const began = performance.now();
      try {
        return await query.call(this, text, ...rest);
      } finally {
        record(text, began);
      }
    };
  const prototype = PGlite.prototype as unknown as { query: Query; transaction: (callback: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown> };
  prototype.query = timed(prototype.query);
  // Time inside the engine, per statement: the wait for PGlite's one session is left out (the
  // wrapper above includes it, so on a busy executor a statement there also counts the statements it
  // queued behind). A statement's protocol messages run back to back under the session lock, from its
  // Parse ('P') or simple Query ('Q') message to its Sync.
  type Stream = (message: Uint8Array, ...rest: unknown[]) => Promise<unknown>;
  const engine = PGlite.prototype as unknown as { execProtocolStream: Stream };
  const stream = engine.execProtocolStream;
  let current = '';
  let counts = false;
  // A named prepared statement (ADR 0086) is parsed once and then runs from a Bind ('B') that names it.
  const textByName = new Map<string, string>();
  const decoder = new TextDecoder();
  engine.execProtocolStream = async function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
    if (message[0] === 0x50 || message[0] === 0x51) {
      const start = message[0] === 0x50 ? message.indexOf(0, 5) + 1 : 5;
      current = decoder.decode(message.subarray(start, message.indexOf(0, start)));
      // An unnamed Parse or a simple Query is one execution; a named Parse only prepares.
      counts = start <= 6;
      if (!counts) textByName.set(decoder.decode(message.subarray(5, start - 1)), current);
    } else if (message[0] === 0x42) {
      const nameStart = message.indexOf(0, 5) + 1;
      const name = decoder.decode(message.subarray(nameStart, message.indexOf(0, nameStart)));
      counts = name !== '';
      if (counts) current = textByName.get(name) ?? name;
    } else {
      counts = false;
    }
    const began = performance.now();
    try {
      return await stream.call(this, message, ...rest);
    } finally {
      if (logging) {
        const key = current.replace(/\s+/g, ' ').trim().slice(0, 90);
        const entry = engineLog.get(key) ?? { count: 0, ms: 0 };
        if (counts) entry.count += 1;
        entry.ms += performance.now() - began;
        engineLog.set(key, entry);
      }
    }
  };
  // Server mode: each statement's time from the driver's send to its answer (network, backend, and the
  // wait for this process's event loop to read the answer; not the wait for a pooled connection).
  type ClientQuery = (config: unknown, ...rest: unknown[]) => unknown;
  const client = pg.Client.prototype as unknown as { query: ClientQuery };
  const clientQuery = client.query;
  client.query = function (this: unknown, config: unknown, ...rest: unknown[]) {
    const began = performance.now();
    const answer = clientQuery.call(this, config, ...rest);
    if (logging && answer instanceof Promise && typeof rest[rest.length - 1] !== 'function') {
      const text = typeof config === 'string' ? config : ((config as { text?: string }).text ?? '');
      void answer.then(
        () => record(text, began),
        () => record(text, began),
      );
    }
    return answer;
  };
  const transaction = prototype.transaction;
  prototype.transaction = function (this: unknown, callback) {
    return transaction.call(this, (tx) => {
      tx.query = timed(tx.query.bind(tx));
      return callback(tx);
    });
  };
}

const lookup = defineTool({
  name: 'bench_lookup',
  description: 'Reads an order from a slow service.',
  implementationId: 'bench-replay/v1/lookup',
  inputSchema: z.object({ orderId: z.string() }),
  sideEffects: 'none',
  execute: async (args) => {
    await sleep(toolMs);
    return { content: `order ${args.orderId}: paid` };
  },
});

const script = {
  replies: [
    { text: 'Looking it up.', toolCalls: [{ name: 'bench_lookup', arguments: { orderId: 'A1' } }] },
    { text: 'And the history.', toolCalls: [{ name: 'bench_lookup', arguments: { orderId: 'A1-history' } }] },
    { text: 'Order A1 is paid.' },
  ],
};

interface DatabaseCounters {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
}

async function counters(test: TestPlatform): Promise<DatabaseCounters> {
  const rows = await test.platform.database.prisma.$queryRawUnsafe<{ commits: bigint; inserted: bigint; updated: bigint; deleted: bigint }[]>(
    'SELECT xact_commit AS commits, tup_inserted AS inserted, tup_updated AS updated, tup_deleted AS deleted FROM pg_stat_database WHERE datname = current_database()',
  );
  const row = rows[0]!;
  return { commits: Number(row.commits), inserted: Number(row.inserted), updated: Number(row.updated), deleted: Number(row.deleted) };
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

async function profileMode(mode: DatabaseMode): Promise<void> {
  const test = await createTestPlatform(mode, silentLogger, { tools: [lookup], executor: { concurrency } });
  try {
    const principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'bench-replay', config: { instructions: 'Orders.', tools: ['bench_lookup'], demoScript: script } });
    await test.platform.executor.start();
    const runIds: string[] = [];
    for (let index = 0; index < cases; index += 1) runIds.push((await test.platform.runs.create(principal, { agentId, agentVersion: 1, input: `Check order A1 (${index})` })).run.id);
    while ((await test.platform.database.prisma.run.count({ where: { id: { in: runIds }, status: { in: ['queued', 'running', 'waiting'] } } })) > 0) await sleep(50);
    // The live runs' background work (their episode memories) is done before the replay phase starts.
    await waitForEpisodes(test, runIds);
    await test.platform.datasets.create(principal, { name: 'bench' });
    for (let start = 0; start < runIds.length; start += 20) await test.platform.datasets.addRuns(principal, { name: 'bench', runIds: runIds.slice(start, start + 20) });

    const server = mode === 'server';
    const before = server ? await counters(test) : undefined;
    const session = cpuProfile ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    // The bench's own polling reads are counted so they can be left out of the per-case figures.
    let polls = 0;
    logging = true;
    const t0 = performance.now();
    const experiment = await test.platform.experiments.create(principal, { dataset: 'bench', agentId, agentVersion: 1, scorers: [{ type: 'exact' }, { type: 'tool-sequence' }] });
    const t1 = performance.now();
    const replayRuns = await test.platform.database.prisma.evalResult.findMany({ where: { experimentId: experiment.id }, select: { runId: true } });
    const replayIds = replayRuns.map((row) => row.runId);
    for (;;) {
      polls += 1;
      if ((await test.platform.database.prisma.run.count({ where: { id: { in: replayIds }, status: { in: ['queued', 'running', 'waiting'] } } })) === 0) break;
      await sleep(pollMs);
    }
    const t2 = performance.now();
    const scoredByExecutor = await test.platform.database.prisma.evalResult.count({ where: { experimentId: experiment.id, status: { not: 'running' } } });
    let view = await test.platform.experiments.get(principal, { experimentId: experiment.id });
    while (view.status !== 'completed') {
      await sleep(pollMs);
      view = await test.platform.experiments.get(principal, { experimentId: experiment.id });
    }
    const t3 = performance.now();
    const after = server ? await counters(test) : undefined;
    logging = false;
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(`${cpuProfile}-${mode}.cpuprofile`, JSON.stringify(profile));
      session.disconnect();
    }

    const runs = await test.platform.database.prisma.run.findMany({ where: { id: { in: replayIds } }, select: { queuedAt: true, startedAt: true, finishedAt: true, stepCount: true, attempt: true } });
    const claimMs = runs.map((run) => run.startedAt!.getTime() - run.queuedAt.getTime());
    const executeMs = runs.map((run) => run.finishedAt!.getTime() - run.startedAt!.getTime());
    const steps = runs.reduce((total, run) => total + run.stepCount, 0);
    const executing = executeMs.reduce((total, value) => total + value, 0);
    const passed = view.results.filter((result) => result.status === 'passed').length;

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(`\n### ${mode} — ${cases} cases, concurrency ${concurrency}, load average (1 min) ${loadavg()[0]!.toFixed(1)}; ${passed}/${cases} passed`);
    console.log('| phase | time | per case |');
    console.log('| ----- | ---- | -------- |');
    console.log(`| create experiment (queue ${cases} replay runs, one transaction) | ${ms(t1 - t0)} | ${((t1 - t0) / cases).toFixed(1)} ms |`);
    console.log(`| execute replay runs (created → last run finished) | ${ms(t2 - t1)} | ${((t2 - t1) / cases).toFixed(1)} ms |`);
    console.log(`| reads until completed (scoring on read: ${cases - scoredByExecutor} case(s) left unscored by the executor) | ${ms(t3 - t2)} | ${((t3 - t2) / cases).toFixed(1)} ms |`);
    console.log(`| **total** (${(cases / ((t3 - t0) / 1000)).toFixed(2)} cases/s) | ${ms(t3 - t0)} | ${((t3 - t0) / cases).toFixed(1)} ms |`);
    console.log('');
    console.log(`per run: claim latency p50 ${ms(percentile(claimMs, 0.5))} / p90 ${ms(percentile(claimMs, 0.9))}; execution p50 ${ms(percentile(executeMs, 0.5))} / p90 ${ms(percentile(executeMs, 0.9))};`);
    console.log(`${(steps / cases).toFixed(1)} steps per run, ${(executing / steps).toFixed(1)} ms per step inside a run; executor busy ${((100 * executing) / (concurrency * (t2 - t1))).toFixed(0)}% of its ${concurrency} slots; attempts > 1: ${runs.filter((run) => run.attempt > 1).length}`);
    if (before && after) {
      const per = (key: keyof DatabaseCounters) => ((after[key] - before[key] - (key === 'commits' ? polls + 2 : 0)) / cases).toFixed(1);
      console.log(`database per case (whole replay, the experiment's reads included, the bench's ${polls} polls left out): ${per('commits')} committed transactions, ${per('inserted')} rows inserted, ${per('updated')} updated, ${per('deleted')} deleted`);
    }
    if (statementLog) {
      console.log(`\nstatements per case during the replay phase (the bench's ${polls} polls included; ${mode === 'embedded' ? 'from the call, the wait for the PGlite session included' : 'from the driver sending it to its answer'}):`);
      console.log('| statement | per case | ms per case |');
      console.log('| --------- | -------- | ----------- |');
      for (const [text, entry] of [...statementLog].sort((left, right) => right[1].ms - left[1].ms).slice(0, 30)) {
        console.log(`| \`${text.replaceAll('|', '\\|')}\` | ${(entry.count / cases).toFixed(2)} | ${(entry.ms / cases).toFixed(1)} |`);
      }
      const total = [...statementLog.values()].reduce((sum, entry) => ({ count: sum.count + entry.count, ms: sum.ms + entry.ms }), { count: 0, ms: 0 });
      console.log(`| **all** | ${(total.count / cases).toFixed(1)} | ${(total.ms / cases).toFixed(1)} |`);
      if (mode === 'embedded') {
        console.log(`\nthe same, time inside PGlite only (the wait for its one session left out):`);
        console.log('| statement | per case | engine ms per case |');
        console.log('| --------- | -------- | ------------------ |');
        for (const [text, entry] of [...engineLog].sort((left, right) => right[1].ms - left[1].ms).slice(0, 30)) {
          console.log(`| \`${text.replaceAll('|', '\\|')}\` | ${(entry.count / cases).toFixed(2)} | ${(entry.ms / cases).toFixed(1)} |`);
        }
        const inside = [...engineLog.values()].reduce((sum, entry) => ({ count: sum.count + entry.count, ms: sum.ms + entry.ms }), { count: 0, ms: 0 });
        console.log(`| **all** | ${(inside.count / cases).toFixed(1)} | ${(inside.ms / cases).toFixed(1)} |`);
      }
    }
  } finally {
    await test.dispose();
  }
}

const modes = process.env.BENCH_REPLAY_MODES ? (process.env.BENCH_REPLAY_MODES.split(',') as DatabaseMode[]) : databaseModes;
for (const mode of modes) await profileMode(mode);
process.exit(0);
