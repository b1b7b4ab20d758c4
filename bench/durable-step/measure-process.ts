/**
 * One measurement of the durable-step bench in a process of its own:
 *   measure-process.ts <agentloom|langgraph> <database url or memory://> <run plan as JSON>
 * prints `RESULT <json>` (AgentLoom: its RunSamples; LangGraph: its samples). run.ts spawns one per
 * system and mode, so no measurement runs in a heap and JIT state another one left behind (before, the
 * embedded run came after 2,000 server steps and LangGraph's run in the same process).
 */
import { fileURLToPath } from 'node:url';

import { measureLangGraph } from './langgraph-peer';
import { measureRun, type RunPlan } from './measure-run';

const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const [system, target, planText] = process.argv.slice(2);
if ((system !== 'agentloom' && system !== 'langgraph') || !target || !planText) {
  throw new Error('usage: measure-process.ts <agentloom|langgraph> <url|memory://> <run plan JSON>');
}
const plan = JSON.parse(planText) as RunPlan;
const result =
  system === 'langgraph'
    ? await measureLangGraph(target, plan)
    : await measureRun(target === 'memory://' ? { dataDirectory: 'memory://', migrationsDirectory } : { url: target, migrationsDirectory }, plan);
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
