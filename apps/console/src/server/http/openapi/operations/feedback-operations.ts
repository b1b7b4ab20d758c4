import { recordFeedbackInputSchema } from '@agentloom/platform';
import { z } from 'zod';

import type { ApiOperation } from '../api-operation';
import { runFeedbackListSchema, runFeedbackSchema, versionFeedbackListSchema } from '../../views/feedback-views';

/** Outcomes and rewards on runs (ADR 0051). */
export const feedbackOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/v1/runs/{id}/feedback',
    operationId: 'recordRunFeedback',
    tag: 'Runs',
    summary: 'Record an outcome and/or reward on a run or one of its steps',
    description:
      'Append-only: every entry is kept (a correction is a newer entry), with the calling key as its actor and `comment` as the why. A label, a reward, or both. The run’s episode memory is rewritten to carry it. Audit-logged as `run.feedback` (without the comment).',
    role: 'operator',
    pathParameters: { id: 'The run id (uuid).' },
    body: z.object(recordFeedbackInputSchema.shape).omit({ runId: true }),
    success: { status: 201, schema: runFeedbackSchema, description: 'The stored entry.' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/runs/{id}/feedback',
    operationId: 'listRunFeedback',
    tag: 'Runs',
    summary: 'Feedback entries of a run',
    role: 'viewer',
    pathParameters: { id: 'The run id (uuid).' },
    success: { status: 200, schema: runFeedbackListSchema, description: '`{ feedback }`, oldest first.' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/agents/{id}/feedback',
    operationId: 'getAgentFeedback',
    tag: 'Agents',
    summary: 'Feedback aggregated per agent version',
    description: 'Entries, mean/min/max reward and label counts per version, newest version first. Scorer-written feedback (replay runs) counts only with `includeScorers=true`.',
    role: 'viewer',
    pathParameters: { id: 'The agent id (uuid).' },
    query: z.object({ includeScorers: z.boolean().optional().describe('Count scorer-written feedback too (default false).') }),
    success: { status: 200, schema: versionFeedbackListSchema, description: '`{ versions }`.' },
    errors: [404],
  },
];
