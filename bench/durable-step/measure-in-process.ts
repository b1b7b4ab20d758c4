import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import type { LangGraphSamples } from './langgraph-peer';
import type { RunPlan, RunSamples } from './measure-run';

const tsxCli = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const measureScript = fileURLToPath(new URL('./measure-process.ts', import.meta.url));

/** Runs one measurement in a fresh process (measure-process.ts) and returns what it printed. */
export function measureInProcess(system: 'agentloom', target: string, plan: RunPlan): Promise<RunSamples>;
export function measureInProcess(system: 'langgraph', target: string, plan: RunPlan): Promise<LangGraphSamples>;
export function measureInProcess(system: 'agentloom' | 'langgraph', target: string, plan: RunPlan): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsxCli, measureScript, system, target, JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith('RESULT '));
      if (code !== 0 || !line) return reject(new Error(`${system} measurement on ${target} exited with ${code}:\n${output.slice(-2_000)}`));
      resolve(JSON.parse(line.slice('RESULT '.length)) as unknown);
    });
  });
}
