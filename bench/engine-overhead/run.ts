/**
 * Engine overhead: the same scripted ReAct scenarios through AgentLoom, LangGraph.js createReactAgent
 * and a bare loop (the floor), in one process; for long scenarios also the cost of one step at step
 * 10, 100 and 1,000. Run: cd /work/main && npx tsx bench/engine-overhead/run.ts
 * (BENCH_ENGINE_SCENARIOS="1000 tool turns" picks scenarios by name.)
 */
import { agentLoomRunner } from './agentloom-runner';
import { bareLoopRunner } from './bare-loop';
import { langGraphRunner } from './langgraph-runner';
import { measure } from './measure';
import { scenarios } from './scenarios';
import { StepClock } from './step-clock';

/** A runner whose clock closes each run's timeline. */
function clocked(runner: { run: () => Promise<string> }, clock: StepClock): () => Promise<string> {
  return async () => {
    const answer = await runner.run();
    clock.endRun();
    return answer;
  };
}

const picked = process.env.BENCH_ENGINE_SCENARIOS?.split(',').map((name) => name.trim());
const rows: string[][] = [];
const stepRows: string[][] = [];
for (const scenario of scenarios.filter((candidate) => !picked || picked.includes(candidate.name))) {
  const clocks = { bare: new StepClock(), ours: new StepClock(), theirs: new StepClock() };
  const oursRunner = agentLoomRunner(scenario, clocks.ours);
  const ours = clocked(oursRunner, clocks.ours);
  const theirs = clocked(langGraphRunner(scenario, clocks.theirs), clocks.theirs);
  const bare = clocked(bareLoopRunner(scenario, clocks.bare), clocks.bare);
  const answers = new Set([await ours(), await theirs(), await bare()]);
  if (answers.size !== 1) throw new Error(`${scenario.name}: runners disagree: ${[...answers].join(' | ')}`);
  const warmup = scenario.warmup ?? Math.max(3, Math.round(scenario.runs / 5));
  // Interleaved order so drift (GC, JIT) does not favour whoever runs last.
  const bareMs = await measure(bare, scenario.runs, warmup, () => clocks.bare.reset());
  const oursMs = await measure(ours, scenario.runs, warmup, () => clocks.ours.reset());
  const theirsMs = await measure(theirs, scenario.runs, warmup, () => clocks.theirs.reset());
  await oursRunner.engine.close();
  rows.push([scenario.name, bareMs.toFixed(3), oursMs.toFixed(3), theirsMs.toFixed(3), `${(oursMs / theirsMs).toFixed(2)}×`, `${(oursMs / bareMs).toFixed(1)}×`]);
  for (const step of scenario.perStepAt ?? []) {
    const [bareUs, oursUs, theirsUs] = [clocks.bare, clocks.ours, clocks.theirs].map((clock) => clock.microsecondsAt(step)) as [number, number, number];
    stepRows.push([scenario.name, String(step), bareUs.toFixed(1), oursUs.toFixed(1), theirsUs.toFixed(1), `${(oursUs / theirsUs).toFixed(2)}×`]);
  }
}

function table(header: string[], body: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

console.log(`Node ${process.version}, ${process.arch}; mean wall time per run after warm-up (target: ours / LangGraph ≤ 0.5×)\n`);
console.log(table(['scenario', 'bare loop ms/run', 'AgentLoom ms/run', 'LangGraph ms/run', 'ours / LangGraph', 'ours / bare'], rows));
if (stepRows.length > 0) {
  console.log('\nOne step (model call to model call, mean of the 10 steps ending at the step, median over runs), µs:\n');
  console.log(table(['scenario', 'step', 'bare loop µs', 'AgentLoom µs', 'LangGraph µs', 'ours / LangGraph'], stepRows));
}
