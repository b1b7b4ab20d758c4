import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createClient, type AgentLoomClient, type AgentDetail, type EvaluationReport, type JsonValue } from '../src/index.ts';
import { startLiveConsole, type LiveConsole } from './live-console';
import { runAgentloom } from './run-cli-process';

let live: LiveConsole;
let client: AgentLoomClient;
let environment: Record<string, string>;
let reportDirectory: string;

beforeAll(async () => {
  live = await startLiveConsole('eval-cli');
  client = createClient({ baseUrl: live.baseUrl, apiKey: live.seeded.adminKey });
  environment = { AGENTLOOM_URL: live.baseUrl, AGENTLOOM_API_KEY: live.seeded.adminKey };
  reportDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-eval-report-'));
}, 600_000);

afterAll(async () => {
  await live?.stop();
  if (reportDirectory) rmSync(reportDirectory, { recursive: true, force: true });
});

const cli = (...argv: string[]) => runAgentloom(argv, environment);

async function finishedRun(agentId: string, input: string): Promise<string> {
  const run = await client.runs.create({ agentId, input });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const current = await client.runs.get(run.id);
    if (current.status === 'succeeded') return run.id;
    if (current.status === 'failed' || current.status === 'cancelled') throw new Error(`Run ${run.id} ${current.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Run ${run.id} did not finish`);
}

describe('agentloom eval run', () => {
  it('replays a dataset recorded from runs: no regression on the recorded version (exit 0), a regression on an edited one (exit 4), with JSON and Markdown reports', async () => {
    const researcher = await client.agents.resolve('demo-researcher');
    const agent: AgentDetail = await client.agents.get(researcher.id);
    const runIds = [await finishedRun(agent.id, 'What makes runs durable?')];
    await client.evaluations.createDataset({ name: 'researcher' });
    await client.evaluations.addRuns('researcher', { runIds });

    const same = await cli('eval', 'run', '--dataset', 'researcher', '--version', String(agent.latestVersion), '--fail-on-regression', '--report-dir', reportDirectory);
    expect(same.stdout).toContain('0 regression(s)');
    expect(same.code).toBe(0);

    // Version 2 skips the citation: its prompt changed, so its own script answers and takes another path.
    const config = agent.latest!.config as Record<string, JsonValue> & { demoScript: { replies: { toolCalls?: { name: string }[] }[] } };
    const replies = config.demoScript.replies.filter((reply) => !(reply.toolCalls ?? []).some((call) => call.name === 'record_citation'));
    const editedConfig: Record<string, JsonValue> = { ...config, instructions: 'Answer fast; skip citations.', demoScript: { ...config.demoScript, replies } };
    const saved = await client.agents.saveVersion(agent.id, { config: editedConfig });
    const edited = saved.version.version;

    const regressed = await cli('eval', 'run', '--dataset', 'researcher', '--version', String(edited), '--baseline', String(agent.latestVersion), '--fail-on-regression', '--report-dir', reportDirectory);
    expect(regressed.stdout).toContain('1 regression(s)');
    expect(regressed.stdout).toMatch(/case 1 REGRESSION: .*record_citation.*\(diverged at step \d+\)/);
    expect(regressed.code).toBe(4);
    const report = JSON.parse(readFileSync(path.join(reportDirectory, 'eval-report.json'), 'utf8')) as EvaluationReport;
    expect(report).toMatchObject({ version: edited, baselineVersion: agent.latestVersion, regressions: 1 });
    expect(report.experiment.results[0]).toMatchObject({ status: 'failed', regression: true, firstDivergentCall: 1 });
    const markdown = readFileSync(path.join(reportDirectory, 'eval-report.md'), 'utf8');
    expect(markdown).toContain('**1 regression(s)**');

    const lenient = await cli('eval', 'run', '--dataset', 'researcher', '--version', String(edited), '--report-dir', reportDirectory);
    expect(lenient.code).toBe(0);

    // Memory read live instead of as recorded: same verdict here (the researcher reads no memory), and the report says which.
    const liveMemory = await cli('eval', 'run', '--dataset', 'researcher', '--version', String(agent.latestVersion), '--memory', 'live', '--report-dir', reportDirectory);
    expect(liveMemory.code).toBe(0);
    expect((JSON.parse(readFileSync(path.join(reportDirectory, 'eval-report.json'), 'utf8')) as EvaluationReport).experiment.memoryMode).toBe('live');
    expect(readFileSync(path.join(reportDirectory, 'eval-report.md'), 'utf8')).toContain('Memory mode: live.');
    const refused = await cli('eval', 'run', '--dataset', 'researcher', '--version', String(agent.latestVersion), '--memory', 'fresh');
    expect(refused.stderr).toContain('--memory is recorded or live');
    expect(refused.code).toBe(2);
  });
});
