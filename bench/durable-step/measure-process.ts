/**
 * One measurement of the durable-step bench in a process of its own:
 *   measure-process.ts <agentloom|langgraph> <database url or memory://> <turns> <warm-up turns>
 * prints `RESULT <json>` (AgentLoom: { samples, floorMs }; LangGraph: its samples). run.ts spawns one per
 * system and mode, so no measurement runs in a heap and JIT state another one left behind (before, the
 * embedded run came after 2,000 server steps and LangGraph's run in the same process).
 */
import { fileURLToPath } from 'node:url';

import { measureLangGraph } from './langgraph-peer';
import { measureRun } from './measure-run';

const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const [system, target, turnsText, warmUpText] = process.argv.slice(2);
if ((system !== 'agentloom' && system !== 'langgraph') || !target || !turnsText || !warmUpText) {
  throw new Error('usage: measure-process.ts <agentloom|langgraph> <url|memory://> <turns> <warm-up turns>');
}
const turns = Number(turnsText);
const warmUp = Number(warmUpText);
const result =
  system === 'langgraph'
    ? await measureLangGraph(target, turns, warmUp)
    : await measureRun(target === 'memory://' ? { dataDirectory: 'memory://', migrationsDirectory } : { url: target, migrationsDirectory }, turns, warmUp);
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
