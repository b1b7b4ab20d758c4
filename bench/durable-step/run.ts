/**
 * bench/durable-step: the cost of committing one engine step (step, messages, ledger, checkpoint,
 * usage, events in one statement) at step 10, 100 and 1000 of one run, and the checkpoint size at
 * those points — both should stay flat — next to one loopback INSERT … COMMIT as the floor; then the
 * durable cost per step side by side with LangGraph.js + PostgresSaver on the same server database.
 *   npx tsx bench/durable-step/run.ts            (server mode on 127.0.0.1:5432 and embedded PGlite)
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { measureLangGraph, type LangGraphSamples } from './langgraph-peer';
import { measureInProcess } from './measure-in-process';
import { median } from '../median';
import { measureRun, type StepSample } from './measure-run';

const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const turns = Number(process.env.BENCH_DURABLE_STEPS ?? 1010);
const points = [10, 100, 1000].filter((point) => point + 5 <= turns);
// One short run of each system first, in the same process and on the same connections, so step 10 of the
// measured run is not the first JIT and plan-cache window (0 measures the cold start).
const warmUpTurns = Number(process.env.BENCH_DURABLE_WARMUP_STEPS ?? 50);

async function withServerDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_durable_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function around(samples: StepSample[], point: number, pick: (sample: StepSample) => number): number {
  const window = samples.filter((sample) => sample.step >= point - 5 && sample.step < point + 5).map(pick);
  return window.reduce((sum, value) => sum + value, 0) / window.length;
}

/** The same window's median: one pause (GC, a checkpoint flush) among ten steps moves the mean, not this. */
function medianAround(samples: StepSample[], point: number, pick: (sample: StepSample) => number): number {
  return median(samples.filter((sample) => sample.step >= point - 5 && sample.step < point + 5).map(pick));
}

function report(mode: string, samples: StepSample[], floorMs: number): string[] {
  const base = around(samples, points[0]!, (sample) => sample.persistMs);
  return points.map((point) => {
    const persist = around(samples, point, (sample) => sample.persistMs);
    const bytes = samples.find((sample) => sample.step === point)?.checkpointBytes ?? 0;
    const persistMedian = medianAround(samples, point, (sample) => sample.persistMs);
    return `| ${mode} | ${point} | ${persist.toFixed(2)} | ${persistMedian.toFixed(2)} | ${(persist / base).toFixed(2)}× | ${around(samples, point, (sample) => sample.stepMs).toFixed(2)} | ${bytes} | ${floorMs.toFixed(2)} | ${(persist / floorMs).toFixed(1)}× | ${(persistMedian / floorMs).toFixed(1)}× |`;
  });
}

function meanAround(values: readonly number[], point: number): number {
  const window = values.slice(Math.max(0, point - 5), point + 5);
  return window.reduce((sum, value) => sum + value, 0) / window.length;
}

function medianOfWindow(values: readonly number[], point: number): number {
  return median(values.slice(Math.max(0, point - 5), point + 5));
}

/** Durable cost per step: ours = the step commit + the fenced ledger/cancel writes; theirs = time inside PostgresSaver. */
function peerReport(ours: StepSample[], theirs: LangGraphSamples): string[] {
  return points.map((point) => {
    const oursMs = around(ours, point, (sample) => sample.persistMs + sample.hookMs);
    const theirsMs = meanAround(theirs.saver, point);
    const medianRatio = medianAround(ours, point, (sample) => sample.persistMs + sample.hookMs) / medianOfWindow(theirs.saver, point);
    return `| ${point} | ${oursMs.toFixed(2)} | ${around(ours, point, (sample) => sample.stepMs).toFixed(2)} | ${theirsMs.toFixed(2)} | ${meanAround(theirs.turns, point).toFixed(2)} | ${(oursMs / theirsMs).toFixed(2)}× | ${medianRatio.toFixed(2)}× |`;
  });
}

const rows: string[] = [];
// BENCH_DURABLE_ONE_PROCESS=1: every measurement in this process, one after another, as before session 17.
const oneProcess = process.env.BENCH_DURABLE_ONE_PROCESS === '1';
const measureAgentLoom = (target: string) =>
  oneProcess
    ? measureRun(target === 'memory://' ? { dataDirectory: 'memory://', migrationsDirectory } : { url: target, migrationsDirectory }, turns, warmUpTurns)
    : measureInProcess('agentloom', target, turns, warmUpTurns);
const { server, langGraph } = await withServerDatabase(async (url) => ({
  server: await measureAgentLoom(url),
  langGraph: oneProcess ? await measureLangGraph(url, turns, warmUpTurns) : await measureInProcess('langgraph', url, turns, warmUpTurns),
}));
rows.push(...report('server (PG 15)', server.samples, server.floorMs));
const embedded = await measureAgentLoom('memory://');
rows.push(...report('embedded (PGlite)', embedded.samples, embedded.floorMs));

console.log(
  `durable-step: ${turns} tool turns per run after a ${warmUpTurns}-turn warm-up run of each system, ${oneProcess ? 'all in this process' : 'each system and mode in a fresh process'}, persist time = mean (and median) over steps point±5\n`,
);
console.log('| database | step | persist ms | persist median ms | vs step 10 | whole step ms | checkpoint bytes | INSERT…COMMIT floor ms | persist / floor | median / floor |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);

console.log(`\ndurable cost per step vs LangGraph.js ${'createReactAgent'} + PostgresSaver (durability sync), same PostgreSQL 15 database, same scripted loop (one tool call per step)\n`);
console.log('| step | AgentLoom durable ms (commit + ledger + cancel check) | AgentLoom whole step ms | LangGraph durable ms (in PostgresSaver) | LangGraph whole step ms | ours / theirs | ours / theirs (medians) |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of peerReport(server.samples, langGraph)) console.log(row);
console.log(`\nload average ${(await import('node:os')).loadavg().map((value) => value.toFixed(1)).join(' ')}`);
