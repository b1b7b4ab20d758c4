/**
 * bench/durable-step: the cost of committing one engine step (step, messages, ledger, checkpoint,
 * usage, events in one statement) at step 10, 100 and 1000 of one run, and the checkpoint size at
 * those points — both should stay flat — next to one loopback INSERT … COMMIT as the floor; then the
 * durable cost per step side by side with LangGraph.js + PostgresSaver on the same server database.
 *   npx tsx bench/durable-step/run.ts            (server mode on 127.0.0.1:5432 and embedded PGlite)
 *   BENCH_DURABLE_ROUNDS=3 npx tsx bench/durable-step/run.ts   (three rounds of both systems, ratio per round and median)
 */
import { fileURLToPath } from 'node:url';


import { measureLangGraph, type LangGraphSamples } from './langgraph-peer';
import { withThrowawayServerDatabase } from './throwaway-server-database';
import { measureInProcess } from './measure-in-process';
import { median } from '../median';
import { measureRun, type RunPlan, type RunSamples, type StepSample } from './measure-run';

const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const turns = Number(process.env.BENCH_DURABLE_STEPS ?? 1010);
const points = [10, 100, 1000].filter((point) => point + 5 <= turns);
const plan: RunPlan = {
  toolTurns: turns,
  // A warm-up run of each system first, in the same process and on the same connections, so the measured
  // steps are not the first JIT and plan-cache window (0 measures the cold start). 50 turns was not warm:
  // steps 10–40 of the run after it cost 1.5–2.5× what they cost after a 400-turn warm-up (bench/README).
  warmUpTurns: Number(process.env.BENCH_DURABLE_WARMUP_STEPS ?? 300),
  // Step 10 pooled over this many runs (their steps 5–14) besides the long run's: ten steps of one run were too few.
  shortRuns: Number(process.env.BENCH_DURABLE_SHORT_RUNS ?? 20),
  shortRunTurns: 20,
};

const withServerDatabase = <T>(work: (url: string) => Promise<T>) => withThrowawayServerDatabase(serverUrl, 'bench_durable', work);

/** The steps of `samples` in point ± 5 (ten steps). */
function windowOf<Sample>(samples: readonly Sample[], point: number, stepOf: (sample: Sample, index: number) => number): Sample[] {
  return samples.filter((sample, index) => stepOf(sample, index) >= point - 5 && stepOf(sample, index) < point + 5);
}

/** A point's samples: the long run's window, and each short run's when the point falls inside the short runs. */
function pooled<Sample>(long: readonly Sample[], short: readonly (readonly Sample[])[], point: number, stepOf: (sample: Sample, index: number) => number): Sample[] {
  const shortRuns = point + 5 <= plan.shortRunTurns ? short : [];
  return [long, ...shortRuns].flatMap((samples) => windowOf(samples, point, stepOf));
}

const stepOfSample = (sample: StepSample) => sample.step;
// LangGraph's arrays hold one entry per tool turn from the first: index i is turn i (as `values.slice(point - 5, point + 5)` read them before).
const stepOfTurn = (_: number, index: number) => index;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function ourWindow(result: RunSamples, point: number): StepSample[] {
  return pooled(result.samples, result.shortRunSamples, point, stepOfSample);
}

function report(mode: string, result: RunSamples): string[] {
  const base = mean(ourWindow(result, points[0]!).map((sample) => sample.persistMs));
  return points.map((point) => {
    const window = ourWindow(result, point);
    const persist = mean(window.map((sample) => sample.persistMs));
    const bytes = result.samples.find((sample) => sample.step === point)?.checkpointBytes ?? 0;
    // The median too: one pause (GC, a checkpoint flush) among the window's steps moves the mean, not this.
    const persistMedian = median(window.map((sample) => sample.persistMs));
    return `| ${mode} | ${point} | ${window.length} | ${persist.toFixed(2)} | ${persistMedian.toFixed(2)} | ${(persist / base).toFixed(2)}× | ${mean(window.map((sample) => sample.stepMs)).toFixed(2)} | ${bytes} | ${result.floorMs.toFixed(2)} | ${(persist / result.floorMs).toFixed(1)}× | ${(persistMedian / result.floorMs).toFixed(1)}× |`;
  });
}

/** Ours / theirs at `point`, by means (as the peer table's ratio column). */
function peerRatio(ours: RunSamples, theirs: LangGraphSamples, point: number): number {
  const oursDurable = ourWindow(ours, point).map((sample) => sample.persistMs + sample.hookMs);
  const theirsSaver = pooled(theirs.saver, theirs.shortRuns.map((run) => run.saver), point, stepOfTurn);
  return mean(oursDurable) / mean(theirsSaver);
}

/** Durable cost per step: ours = the step commit + the fenced ledger/cancel writes; theirs = time inside PostgresSaver. */
function peerReport(ours: RunSamples, theirs: LangGraphSamples): string[] {
  return points.map((point) => {
    const window = ourWindow(ours, point);
    const oursDurable = window.map((sample) => sample.persistMs + sample.hookMs);
    const theirsSaver = pooled(theirs.saver, theirs.shortRuns.map((run) => run.saver), point, stepOfTurn);
    const theirsTurns = pooled(theirs.turns, theirs.shortRuns.map((run) => run.turns), point, stepOfTurn);
    const ratio = peerRatio(ours, theirs, point);
    const medianRatio = median(oursDurable) / median(theirsSaver);
    return `| ${point} | ${window.length} / ${theirsSaver.length} | ${mean(oursDurable).toFixed(2)} | ${mean(window.map((sample) => sample.stepMs)).toFixed(2)} | ${mean(theirsSaver).toFixed(2)} | ${mean(theirsTurns).toFixed(2)} | ${ratio.toFixed(2)}× | ${medianRatio.toFixed(2)}× |`;
  });
}

const rows: string[] = [];
// BENCH_DURABLE_ONE_PROCESS=1: every measurement in this process, one after another, as before session 17.
const oneProcess = process.env.BENCH_DURABLE_ONE_PROCESS === '1';
const measureAgentLoom = (target: string) =>
  oneProcess
    ? measureRun(target === 'memory://' ? { dataDirectory: 'memory://', migrationsDirectory } : { url: target, migrationsDirectory }, plan)
    : measureInProcess('agentloom', target, plan);
const measurePeer = (url: string) => (oneProcess ? measureLangGraph(url, plan) : measureInProcess('langgraph', url, plan));
// BENCH_DURABLE_ROUNDS (1): rounds of both systems on the server database, the order swapped every other round,
// so a drift of the machine over the minutes of a round (load, autovacuum, the host) weighs on both alike.
const rounds = Number(process.env.BENCH_DURABLE_ROUNDS ?? 1);
const pairs: { server: RunSamples; langGraph: LangGraphSamples }[] = [];
for (let round = 0; round < rounds; round += 1) {
  pairs.push(
    await withServerDatabase(async (url) => {
      if (round % 2 === 1) {
        const langGraph = await measurePeer(url);
        return { server: await measureAgentLoom(url), langGraph };
      }
      const server = await measureAgentLoom(url);
      return { server, langGraph: await measurePeer(url) };
    }),
  );
}
const { server } = pairs[0]!;
rows.push(...report('server (PG 15)', server));
const embedded = await measureAgentLoom('memory://');
rows.push(...report('embedded (PGlite)', embedded));

console.log(
  `durable-step: a ${plan.warmUpTurns}-turn warm-up run of each system, then ${plan.shortRuns} runs of ${plan.shortRunTurns} turns and one of ${turns}, ${oneProcess ? 'all in this process' : 'each system and mode in a fresh process'}; persist time = mean (and median) over steps point±5, pooled over every run that reaches point+5\n`,
);
console.log('| database | step | steps pooled | persist ms | persist median ms | vs step 10 | whole step ms | checkpoint bytes | INSERT…COMMIT floor ms | persist / floor | median / floor |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);

console.log(`\ndurable cost per step vs LangGraph.js ${'createReactAgent'} + PostgresSaver (durability sync), same PostgreSQL 15 database, same scripted loop (one tool call per step)\n`);
console.log('| step | turns pooled (ours / theirs) | AgentLoom durable ms (commit + ledger + cancel check when sent) | AgentLoom whole step ms | LangGraph durable ms (in PostgresSaver) | LangGraph whole step ms | ours / theirs | ours / theirs (medians) |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [round, pair] of pairs.entries()) {
  if (rounds > 1) console.log(`| round ${round + 1} (${round % 2 === 1 ? 'LangGraph first' : 'AgentLoom first'}) | | | | | | | |`);
  for (const row of peerReport(pair.server, pair.langGraph)) console.log(row);
}
if (rounds > 1) {
  console.log(`\nratio per round (ours / theirs, means) and its median over ${rounds} rounds\n`);
  console.log(`| step | ${pairs.map((_, round) => `round ${round + 1}`).join(' | ')} | median |`);
  console.log(`| --- | ${pairs.map(() => '---').join(' | ')} | --- |`);
  for (const point of points) {
    const ratios = pairs.map((pair) => peerRatio(pair.server, pair.langGraph, point));
    console.log(`| ${point} | ${ratios.map((ratio) => `${ratio.toFixed(2)}×`).join(' | ')} | ${median(ratios).toFixed(2)}× |`);
  }
}
console.log(`\nload average ${(await import('node:os')).loadavg().map((value) => value.toFixed(1)).join(' ')}`);
