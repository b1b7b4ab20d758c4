/**
 * The approval gate against the erase's checkpoint redaction (found by an audit): redacting a
 * reader's checkpoint must not change the arguments of a call waiting for a human, or approved by
 * one. The approval shows `original_arguments`; the resumed run executes the checkpoint's call. A
 * redacted copy would run arguments nobody approved, so `arguments` are left alone (ADR 0104).
 */
import { createEngine, serializeCheckpoint, type AnyTool, type Message } from '@agentloom/runtime';
import { ScriptedModel } from '@agentloom/runtime/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { mentionsOf, redactQuotingStrings } from './redact-checkpoints';

const snapshot = { config: { instructions: 'Be brief.', mode: 'react' as const, completion: { verify: false, requireToolEvidence: false } } };

function sendEmailTool(executed: unknown[]): AnyTool {
  return {
    name: 'send_email',
    description: 'Send an e-mail',
    implementationId: 'audit-tools/v1/send_email',
    inputSchema: z.object({ to: z.string(), body: z.string() }),
    sideEffects: 'unsafe',
    execute(args: { to: string; body: string }) {
      executed.push(args);
      return Promise.resolve({ content: `sent to ${args.to}` });
    },
  };
}

describe('erase and forget redaction against the approval gate', () => {
  it('a call approved with arguments A must never execute with other arguments', async () => {
    const memoryText = 'Ada prefers the quarterly report by courier';
    const approvedArguments = { to: 'ada@example.com', body: `Reminder: ${memoryText}. Regards` };
    const executed: unknown[] = [];
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'send_email', arguments: approvedArguments }] }, 'Done.']);
    const options = { model, approvals: { send_email: 'always' as const }, configureTools: (registry: { register(tool: AnyTool): void }) => registry.register(sendEmailTool(executed)) };

    // 1. The run pauses; the host stores the checkpoint and an approval with original_arguments = the request's.
    const engine = createEngine(snapshot, options);
    const paused = await engine.execute({ task: 'Remind Ada', instanceId: 'run-1' });
    await engine.close();
    expect(paused.next.type).toBe('approval-request');
    const requestArguments = paused.next.type === 'approval-request' ? paused.next.requests[0]!.arguments : undefined;
    expect(requestArguments).toEqual(approvedArguments);
    const stored = JSON.parse(serializeCheckpoint(paused.checkpoint)) as Parameters<typeof redactQuotingStrings>[0];
    const transcript = JSON.parse(JSON.stringify(paused.transcript)) as Message[];

    // 2. While the run waits in waiting_human, an operator forgets the memory item the run had read:
    //    redactReaderCheckpoints applies exactly this to every checkpoint of the reader run.
    const redacted = redactQuotingStrings(stored, mentionsOf({ ids: ['0190aaaa-0000-7000-8000-000000000001'], texts: [memoryText] }));

    // 3. The reviewer approves what the approvals inbox shows (original_arguments = approvedArguments);
    //    the executor resumes from the (redacted) latest checkpoint with that decision.
    const resumed = createEngine(snapshot, options).resume({ checkpoint: redacted, messages: transcript, decisions: [{ callId: 'c1', decision: 'approve' }] });
    await resumed.runUntilPause();

    // Invariant: what runs is exactly what was approved (or nothing runs and the reviewer is asked again).
    // Before the fix it ran { to: 'ada@example.com', body: '[erased]' }.
    expect(executed).toEqual([approvedArguments]);
  });
});
