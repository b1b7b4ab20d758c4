/**
 * Engine overhead: the same scripted ReAct scenarios through AgentLoom, LangGraph.js createReactAgent
 * and a bare loop (the floor), in one process. Run: cd /work/main && npx tsx bench/engine-overhead/run.ts
 */
import { agentLoomRunner } from './agentloom-runner';
import { bareLoopRunner } from './bare-loop';
import { langGraphRunner } from './langgraph-runner';
import { measure } from './measure';
import { scenarios } from './scenarios';

const rows: string[][] = [];
for (const scenario of scenarios) {
  const ours = agentLoomRunner(scenario);
  const theirs = langGraphRunner(scenario);
  const bare = bareLoopRunner(scenario);
  const answers = new Set([await ours.run(), await theirs.run(), await bare.run()]);
  if (answers.size !== 1) throw new Error(`${scenario.name}: runners disagree: ${[...answers].join(' | ')}`);
  const warmup = Math.max(3, Math.round(scenario.runs / 5));
  // Interleaved order so drift (GC, JIT) does not favour whoever runs last.
  const bareMs = await measure(bare.run, scenario.runs, warmup);
  const oursMs = await measure(ours.run, scenario.runs, warmup);
  const theirsMs = await measure(theirs.run, scenario.runs, warmup);
  await ours.engine.close();
  rows.push([scenario.name, bareMs.toFixed(3), oursMs.toFixed(3), theirsMs.toFixed(3), `${(oursMs / theirsMs).toFixed(2)}×`, `${(oursMs / bareMs).toFixed(1)}×`]);
}

const header = ['scenario', 'bare loop ms/run', 'AgentLoom ms/run', 'LangGraph ms/run', 'ours / LangGraph', 'ours / bare'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(`Node ${process.version}, ${process.arch}; mean wall time per run after warm-up (target: ours / LangGraph ≤ 0.5×)\n`);
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
