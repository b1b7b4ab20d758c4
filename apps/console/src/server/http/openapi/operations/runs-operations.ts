import { createRunInputSchema, listRunEventsInputSchema, listRunMessagesInputSchema, listRunsInputSchema } from '@agentloom/platform';
import { z } from 'zod';

import type { ApiOperation } from '../api-operation';

const runId = { id: 'The run id (uuid).' };

/** Runs: start, read, page, cancel, stream events, read the transcript. */
export const runsOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/runs',
    operationId: 'listRuns',
    tag: 'Runs',
    summary: 'List runs, newest first',
    role: 'viewer',
    query: listRunsInputSchema,
    success: { status: 200, description: '`{ runs: Run[], nextCursor: string | null }`; pass `nextCursor` as `cursor` for the next page.' },
  },
  {
    method: 'post',
    path: '/api/v1/runs',
    operationId: 'createRun',
    tag: 'Runs',
    summary: 'Start a run',
    description: 'Queues a run of an agent (its latest version unless `agentVersion` pins one), optionally continuing a thread.',
    role: 'operator',
    headers: { 'Idempotency-Key': 'Retrying with the same key and body returns the first run (200); another body is a 409.' },
    body: createRunInputSchema.omit({ idempotencyKey: true }),
    success: { status: 201, description: 'The run (`Location` names it). 200 when an `Idempotency-Key` replays an earlier request.' },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/v1/runs/{id}',
    operationId: 'getRun',
    tag: 'Runs',
    summary: 'Read one run',
    role: 'viewer',
    pathParameters: runId,
    success: { status: 200, description: 'The run: status, input, output, error, usage, timestamps.' },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/runs/{id}/cancel',
    operationId: 'cancelRun',
    tag: 'Runs',
    summary: 'Cancel a run',
    description: 'Requests cancellation; the executor aborts the in-flight call and the run ends `cancelled`.',
    role: 'operator',
    pathParameters: runId,
    success: { status: 200, description: 'The run with `cancelRequested: true`.' },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/v1/runs/{id}/events',
    operationId: 'streamRunEvents',
    tag: 'Runs',
    summary: 'Stream run events (SSE)',
    description: [
      'Server-Sent Events: replays after `Last-Event-ID` (or `?lastEventId=` / `?afterSeq=`), then tails live and closes after `run-finished`.',
      'Every frame is a default `message` event (no `event:` field, so `EventSource.onmessage` receives all of them) with `retry: 3000`, `id: <seq>` and JSON `data: { seq, type, payload, createdAt }`; dispatch on `data.type`.',
      'Types — lifecycle: `run-created`, `run-queued`, `run-started`, `run-recovered`, `run-cancel-requested`, `run-finished` (always last; payload `status`);',
      'per step: `execution-started`, `step-started`, `model-call-started`, `model-call-finished`, `model-fallback`, `text-delta`, `tool-call-proposed`, `approval-requested`, `approval-decided`, `tool-call-started`, `tool-call-finished`, `tool-call-outcome-unknown`, `tool-observation-emitted`, `citation-recorded`, `compaction-applied`, `completion-reviewed`, `routing-decided`, `memory-injected`, `skill-loaded`, `checkpoint-saved`, `step-committed`. Ignore types you do not know: new ones may be added.',
      'Quiet streams carry `: heartbeat` comments. A resume at or past the end of a finished run (`Last-Event-ID` ≥ the `run-finished` seq) answers 204 with no body, on which a stock EventSource stops reconnecting.',
      'With `?format=json` it pages the log as `{ events, nextAfterSeq }` instead.',
    ].join(' '),
    role: 'viewer',
    pathParameters: runId,
    headers: { 'Last-Event-ID': 'The last sequence number received; the stream resumes after it.' },
    query: listRunEventsInputSchema.omit({ runId: true }).extend({
      lastEventId: z.string().optional().describe('For clients that cannot set headers: same as `Last-Event-ID`.'),
      format: z.enum(['json']).optional().describe('`json` pages the log instead of streaming.'),
      heartbeatMs: z.number().int().min(100).max(60_000).optional().describe('Interval of `: heartbeat` comments while the run is quiet (default 15000).'),
    }),
    success: { status: 200, description: 'A `text/event-stream` of run events.', contentType: 'text/event-stream' },
    emptyAnswers: [{ status: 204, description: 'The run has finished and `Last-Event-ID` is at or past its `run-finished` event: nothing left to send.' }],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/runs/{id}/messages',
    operationId: 'listRunMessages',
    tag: 'Runs',
    summary: "Page a run's transcript",
    role: 'viewer',
    pathParameters: runId,
    query: listRunMessagesInputSchema.omit({ runId: true }),
    success: { status: 200, description: '`{ messages, nextCursor: number | null }` in index order.' },
    errors: [404],
  },
];
