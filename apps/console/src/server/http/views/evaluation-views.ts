import { z } from 'zod';

import { jsonValueSchema, timestampSchema, viewRegistry } from './view-registry';

export const datasetSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    version: z.number().int().describe('Grows by one with every change to the cases.'),
    unmatchedToolPolicy: z.string().describe('`fail` or `live-if-no-side-effects`: what a replayed call with no recorded match does (an unsafe tool is never executed).'),
    caseCount: z.number().int(),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'Dataset' });

export const datasetListSchema = z.object({ datasets: z.array(datasetSchema) }).register(viewRegistry, { id: 'DatasetList' });

export const datasetDetailSchema = datasetSchema
  .extend({
    cases: z.array(
      z.object({
        id: z.uuid(),
        position: z.number().int(),
        addedInVersion: z.number().int(),
        sourceRunId: z.uuid().nullable(),
        input: z.string(),
        finalOutput: z.string().nullable(),
        expectedOutput: z.string().nullable(),
        labels: z.array(z.string()),
        toolCallCount: z.number().int().describe('Recorded tool results the case serves.'),
        feedback: z
          .array(z.object({ label: z.string().nullable(), reward: z.number().nullable(), comment: z.string(), stepIndex: z.number().int().nullable(), source: z.string(), actorName: z.string(), createdAt: z.string().optional() }))
          .describe("The source run's outcomes and rewards when the case was recorded (ADR 0051)."),
      }),
    ),
  })
  .register(viewRegistry, { id: 'DatasetDetail' });

const caseScoreSchema = z.object({
  scorer: z.string(),
  passed: z.boolean().nullable().describe('The verdict; null for measurements (usage deltas).'),
  value: z.number(),
  explanation: z.string(),
  error: z.enum(['budget-exceeded']).optional().describe('Why the scorer could not score: the judge’s tenant or agent budget was spent (the case fails).'),
});

const runMetricsSchema = z.object({ steps: z.number(), tokens: z.number(), costUsd: z.number(), latencyMs: z.number().nullable() });

export const experimentSchema = z
  .object({
    id: z.uuid(),
    dataset: z.string(),
    datasetVersion: z.number().int(),
    agentId: z.uuid(),
    agentVersion: z.number().int(),
    modelMode: z.string().describe('`recorded`: recorded model replies until the first divergence, then the version’s model; `live`: the version’s model.'),
    memoryMode: z.string().describe('`recorded`: memory reads return what the recorded run was given; `live`: the tenant’s memory at replay time. A replay never writes memory.'),
    status: z.enum(['running', 'completed']),
    baselineExperimentId: z.uuid().nullable(),
    scorers: z.array(jsonValueSchema),
    summary: z
      .object({
        cases: z.number().int(),
        passed: z.number().int(),
        failed: z.number().int(),
        passRate: z.number(),
        regressions: z.number().int(),
        improvements: z.number().int(),
        casesDiverged: z.number().int(),
        meanDeltaVsRecorded: runMetricsSchema,
        baselinePassRate: z.number().nullable(),
      })
      .nullable()
      .describe('Aggregates, once every case is scored.'),
    erasedCases: z
      .number()
      .int()
      .describe(
        'Cases whose replay runs an erase removed (ADR 0104); they are not in `results`, nor in a `summary` written after the erase. Above 0, the summary is no verdict on every case: a CI gate should fail or re-run on a fresh experiment.',
      ),
    createdAt: timestampSchema,
    finishedAt: timestampSchema.nullable(),
    results: z.array(
      z.object({
        caseId: z.uuid(),
        position: z.number().int(),
        input: z.string(),
        sourceRunId: z.uuid().nullable(),
        runId: z.uuid().describe('The replay run (open it, or compare it with `sourceRunId`).'),
        status: z.enum(['running', 'passed', 'failed']),
        regression: z.boolean().describe('The baseline passed this case and this experiment did not.'),
        firstDivergentCall: z.number().int().nullable().describe('0-based position of the first tool call that differs from the recording.'),
        firstDivergentStep: z.number().int().nullable().describe('The replay run’s step where it diverged.'),
        failureReason: z.string().nullable(),
        scores: z.array(caseScoreSchema),
        deltas: z.record(z.string(), jsonValueSchema).describe('`metrics`, `vsRecorded` (replay − recording) and `vsBaseline` (metrics and per-scorer value differences).'),
      }),
    ),
  })
  .register(viewRegistry, { id: 'Experiment' });
