import { pathSegment } from '../path-segment.ts';
import { streamRunEvents, type StreamRunEventsOptions } from '../run-event-stream.ts';
import type { Transport } from '../transport.ts';
import type { ForkRunInput, RecordFeedbackInput, Run, RunFeedback, RunComparison, RunEvent, RunEventPage, RunMessagePage, RunPage, RunStatus } from '../types.ts';

export interface CreateRunInput {
  agentId: string;
  input: string;
  /** Pin a version; the agent's latest when omitted. */
  agentVersion?: number;
  /** Continue this thread's conversation. */
  threadId?: string;
  /** Retrying with the same key and input returns the first run instead of starting another. */
  idempotencyKey?: string;
  /** This run's own token and/or cost budget (ADR 0052); it ends `failed` with `budget-exceeded` once spent. */
  budget?: { maxTokens?: number; maxCostUsd?: number };
}

export interface ListRunsInput {
  status?: RunStatus;
  agentId?: string;
  threadId?: string;
  /** A window ending now (`1h`, `24h`, `7d`, `30d`), or an explicit range below; not both. */
  within?: '1h' | '24h' | '7d' | '30d';
  /** ISO instant or day; inclusive. */
  from?: string;
  /** ISO instant or day; exclusive. */
  to?: string;
  /** Run id, or text in the run's input (case-insensitive). */
  search?: string;
  cursor?: string;
  limit?: number;
}

const runPath = (runId: string) => `/api/v1/runs/${pathSegment('runId', runId)}`;

/** Start, read, page, cancel, retry, re-run, fork and follow runs. */
export function runsResource(transport: Transport) {
  return {
    create({ idempotencyKey, ...body }: CreateRunInput): Promise<Run> {
      return transport.json('POST', '/api/v1/runs', { body, ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}) });
    },
    async get(runId: string): Promise<Run> {
      return transport.json('GET', runPath(runId));
    },
    list(input: ListRunsInput = {}): Promise<RunPage> {
      return transport.json('GET', '/api/v1/runs', { query: { ...input } });
    },
    async cancel(runId: string): Promise<Run> {
      return transport.json('POST', `${runPath(runId)}/cancel`);
    },
    /** Resumes a run paused by a spent budget (`budgetPause`) once the budget has room again; 409 while it is still over budget. */
    async resume(runId: string): Promise<Run> {
      return transport.json('POST', `${runPath(runId)}/resume`);
    },
    /** `runId` (left) side by side with `otherRunId` (right): steps and tool calls aligned, usage difference right − left. */
    async compare(runId: string, otherRunId: string): Promise<RunComparison> {
      return transport.json('GET', `${runPath(runId)}/compare`, { query: { with: otherRunId } });
    },
    /** A failed or cancelled run tried again as a new run (same version, input, thread); the existing retry when there is one. */
    async retry(runId: string): Promise<Run> {
      return transport.json('POST', `${runPath(runId)}/retry`);
    },
    /** Records an outcome label and/or a reward on the run (or one step), with a comment saying why; entries are appended, never replaced. */
    async recordFeedback(runId: string, input: RecordFeedbackInput): Promise<RunFeedback> {
      return transport.json('POST', `${runPath(runId)}/feedback`, { body: input });
    },
    /** Every feedback entry on the run, oldest first. */
    async listFeedback(runId: string): Promise<RunFeedback[]> {
      return (await transport.json<{ feedback: RunFeedback[] }>('GET', `${runPath(runId)}/feedback`)).feedback;
    },
    /** The run's input run again as a new run (no thread), on its version or `agentVersion` of the same agent. */
    async rerun(runId: string, input: { agentVersion?: number } = {}): Promise<Run> {
      return transport.json('POST', `${runPath(runId)}/rerun`, { body: input });
    },
    /** A new run from step `stepIndex`'s checkpoint and transcript, optionally edited; earlier steps and tool calls are not repeated. */
    async fork(runId: string, input: ForkRunInput): Promise<Run> {
      return transport.json('POST', `${runPath(runId)}/fork`, { body: input });
    },
    /** The transcript a page at a time; `cursor` is the index of the last message of the previous page. */
    async messages(runId: string, input: { cursor?: number; limit?: number } = {}): Promise<RunMessagePage> {
      return transport.json('GET', `${runPath(runId)}/messages`, { query: { ...input } });
    },
    /** The event log as JSON pages (no streaming). */
    async events(runId: string, input: { afterSeq?: number; limit?: number } = {}): Promise<RunEventPage> {
      return transport.json('GET', `${runPath(runId)}/events`, { query: { format: 'json', ...input } });
    },
    /** Live events until `run-finished`, resuming by itself after a dropped connection. */
    stream(runId: string, options: StreamRunEventsOptions = {}): AsyncGenerator<RunEvent> {
      return streamRunEvents(transport, runId, options);
    },
  };
}
