import { z } from 'zod';

import { timestampSchema, viewRegistry } from './view-registry';

export const runFeedbackSchema = z
  .object({
    id: z.uuid(),
    runId: z.uuid().nullable().describe('Null once the run was erased (the entry stays in its version’s aggregate, without its comment).'),
    stepIndex: z.number().int().nullable().describe('The step it is about; null: the whole run.'),
    label: z.string().nullable().describe('The outcome label (`resolved`, `wrong-answer`, …).'),
    reward: z.number().nullable(),
    comment: z.string().describe('Why; cleared when the run is erased.'),
    source: z.enum(['console', 'api', 'scorer']),
    actor: z.object({ type: z.enum(['api_key', 'scorer']), id: z.string(), name: z.string() }).describe('The API key (console or client), or the experiment whose scorer wrote it.'),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'RunFeedback' });

export const runFeedbackListSchema = z.object({ feedback: z.array(runFeedbackSchema) }).register(viewRegistry, { id: 'RunFeedbackList' });

export const versionFeedbackListSchema = z
  .object({
    versions: z.array(
      z.object({
        version: z.number().int(),
        agentVersionId: z.uuid(),
        entries: z.number().int(),
        rewardCount: z.number().int(),
        meanReward: z.number().nullable(),
        minReward: z.number().nullable(),
        maxReward: z.number().nullable(),
        labels: z.record(z.string(), z.number().int()).describe('How often each label was given.'),
      }),
    ),
  })
  .register(viewRegistry, { id: 'VersionFeedbackList' });
