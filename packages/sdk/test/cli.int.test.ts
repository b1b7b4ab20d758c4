import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Approval, MemoryHit } from '../src/index.ts';
import { useLiveCli } from './live-cli';
import { runAgentloom } from './run-cli-process';

/** The `agentloom` bin against the production console, configured through the environment. */
const live = useLiveCli('cli');
const { cli } = live;
const startedRunId = (stderr: string) => /Run (\S+) of/.exec(stderr)?.[1];

async function pendingApprovalOf(runId: string): Promise<Approval> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const listed = await cli('approvals', 'list', '--status', 'pending', '--json');
    const approval = (JSON.parse(listed.stdout) as Approval[]).find((candidate) => candidate.runId === runId);
    if (approval) return approval;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No pending approval for ${runId}`);
}

/** The id of the newest run waiting for approval whose input contains `text` (a followed run, seen through the API). */
async function waitingRunWithInput(text: string): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const { runs } = await live.client.runs.list({ status: 'waiting_human', limit: 200 });
    const run = runs.find((candidate) => JSON.stringify(candidate.input).includes(text));
    if (run) return run.id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No run waiting for approval with input ${text}`);
}

describe('agentloom batch', () => {
  it('submits a JSONL file, shows status, exports JSONL and CSV, retries failed, cancels; a bad item names its index', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'agentloom-cli-batch-'));
    try {
      const file = path.join(directory, 'items.jsonl');
      writeFileSync(file, '"What is 2 + 2?"\n\n{"input": "Name a colour."}\n');
      const submitted = await cli('batch', 'submit', '--agent', 'demo-researcher', '--file', file, '--concurrency', '1', '--json');
      expect(submitted.code, submitted.stderr).toBe(0);
      const batch = JSON.parse(submitted.stdout) as { id: string; concurrency: number; progress: { total: number } };
      expect(batch).toMatchObject({ concurrency: 1, progress: { total: 2 } });
      for (let attempt = 0; attempt < 600 && !(await cli('batch', 'status', batch.id)).stdout.includes('completed'); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await cli('batch', 'status', batch.id)).stdout).toContain('2/2 done (2 succeeded');
      const jsonl = await cli('batch', 'export', batch.id);
      expect(jsonl.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { item: number; status: string }).status)).toEqual(['succeeded', 'succeeded']);
      const csv = await cli('batch', 'export', batch.id, '--format', 'csv');
      expect(csv.stdout.split('\n')[0]).toBe('item,runId,status,input,output,errorKind,errorMessage,attempts');
      expect((await cli('batch', 'retry-failed', batch.id)).stdout).toContain('Retried 0 failed item(s)');
      expect((await cli('batch', 'cancel', batch.id)).stdout).toContain('cancelled');
      expect((await cli('batch', 'cancel', batch.id)).code).toBe(1);

      writeFileSync(file, '"fine"\n{"input": ""}\n');
      const refused = await cli('batch', 'submit', '--agent', 'demo-researcher', '--file', file);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('items.1.input');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('agentloom schedules', () => {
  it('creates, lists, previews, pauses, resumes and deletes a schedule; a bad cron expression names the field', async () => {
    const created = await cli('schedules', 'create', 'demo-researcher', '--name', 'CLI digest', '--cron', '0 9 * * 1-5', '--tz', 'Europe/Paris', '--input', 'Digest for {{slotLocal}}', '--json');
    expect(created.code).toBe(0);
    const schedule = JSON.parse(created.stdout) as { id: string; timing: { timeZone: string }; paused: boolean };
    expect(schedule).toMatchObject({ timing: { timeZone: 'Europe/Paris' }, paused: false });
    expect((await cli('schedules', 'list')).stdout).toContain('CLI digest');
    const preview = await cli('schedules', 'preview', schedule.id, '--limit', '3');
    expect(preview.stdout.trim().split('\n')).toHaveLength(3);
    expect((await cli('schedules', 'pause', schedule.id)).stdout).toContain('CLI digest paused');
    expect((await cli('schedules', 'resume', schedule.id)).stdout).toContain('CLI digest resumed');
    expect((await cli('schedules', 'delete', schedule.id)).stdout).toContain('CLI digest deleted');
    const refused = await cli('schedules', 'preview', '--cron', '0 25 * * *');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('(field timing.cronExpression)');
  });
});

describe('agentloom run', () => {
  it('follows a run to completion, printing its events and output, exit code 0; then erases it', async () => {
    const result = await cli('run', 'demo-researcher', 'What makes runs durable?', '--follow');
    expect(result.stderr).toMatch(/Run \S+ succeeded/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('#1 run-created');
    expect(result.stdout).toMatch(/#\d+ run-finished succeeded/);
    const runId = startedRunId(result.stderr)!;
    expect((await live.client.runs.get(runId)).status).toBe('succeeded');

    const erased = await cli('erase', 'run', runId);
    expect(erased.code).toBe(0);
    expect(erased.stdout).toContain(`Erased run ${runId}`);
    expect(erased.stdout).toMatch(/runs\s+1/);
    await expect(live.client.runs.get(runId)).rejects.toMatchObject({ status: 404 });
  });

  it('waits through an approval given with `approvals approve`', async () => {
    const following = runAgentloom(['run', 'demo-operator', 'Deploy build 42', '--follow'], live.environment);
    const runId = await waitingRunWithInput('Deploy build 42');
    const approval = await pendingApprovalOf(runId);
    const approved = await cli('approvals', 'approve', approval.id);
    expect(approved.code).toBe(0);
    expect(approved.stdout.trim()).toBe(`${approval.id} approved`);
    const result = await following;
    expect(result.code).toBe(0);
    expect(startedRunId(result.stderr)).toBe(runId);
    expect(result.stdout).toContain(`approval-requested send_notification → agentloom approvals approve ${approval.id}`);
    expect(result.stdout).toContain('approval-decided');
  });

  it('exits 3 when the followed run is cancelled, and 2 on usage errors', async () => {
    const following = runAgentloom(['run', 'demo-operator', 'Deploy build 43', '--follow'], live.environment);
    const runId = await waitingRunWithInput('Deploy build 43');
    const approval = await pendingApprovalOf(runId);
    const rejectedWithoutReason = await cli('approvals', 'reject', approval.id);
    expect(rejectedWithoutReason.code).toBe(2);
    await live.client.runs.cancel(runId);
    const result = await following;
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/Run \S+ cancelled/);
    expect((await cli('run', 'demo-researcher')).code).toBe(2);
    expect((await cli('run', 'no-such-agent', 'x')).code).toBe(1);
  });
});

describe('agentloom memories and configuration', () => {
  it('searches and forgets a memory', async () => {
    const stored = await live.client.memories.store({ scope: { level: 'project' }, kind: 'fact', content: 'Invoices are archived after 90 days.' });
    const found = await cli('memories', 'search', 'when are invoices archived', '--json');
    expect(found.code).toBe(0);
    expect((JSON.parse(found.stdout) as MemoryHit[]).map((hit) => hit.item.id)).toContain(stored.id);
    const human = await cli('memories', 'search', 'invoices archived');
    expect(human.stdout).toContain(stored.id);
    const forgotten = await cli('memories', 'forget', stored.id);
    expect(forgotten.code).toBe(0);
    expect(forgotten.stdout.trim()).toBe(`${stored.id} forgotten`);
    const after = await cli('memories', 'search', 'when are invoices archived', '--json');
    expect((JSON.parse(after.stdout) as MemoryHit[]).map((hit) => hit.item.id)).not.toContain(stored.id);
    const again = await cli('memories', 'forget', stored.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not-found');
  });

  it('prefers --url/--key over the environment and reports API errors with exit code 1', async () => {
    const wrongKey = await cli('approvals', 'list', '--key', 'al_000000000000_not-a-real-key');
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('unauthenticated');
    const flagsOnly = await runAgentloom(['approvals', 'list', '--url', live.console.baseUrl, '--key', live.console.seeded.adminKey], {});
    expect(flagsOnly.code).toBe(0);
    const noKey = await runAgentloom(['approvals', 'list'], { AGENTLOOM_API_KEY: '' });
    expect(noKey.code).toBe(2);
  });
});
