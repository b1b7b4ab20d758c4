import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { agentVersionInputSchema } from '../agents/agent.schema';
import { batchItemsInputSchema, submitBatchInputSchema } from '../batches/batch.schema';
import { createExperimentInputSchema } from '../evaluations/evaluation.schema';
import { recordFeedbackInputSchema } from '../feedback/feedback.schema';
import { getCheckpointInputSchema, getRunStepInputSchema, listCheckpointsInputSchema, listRunStepsInputSchema } from '../inspection/inspection.schema';
import { forkRunInputSchema } from '../runs/fork-run.schema';
import { eventsInputSchema } from '../runs/run-event-service';
import { listMessagesInputSchema } from '../runs/run-message-service';
import { rerunRunInputSchema } from '../runs/run-repeat.schema';
import { createRunInputSchema, listRunsInputSchema } from '../runs/run.schema';
import { createScheduleInputSchema, updateScheduleInputSchema } from '../schedules/schedule.schema';
import { databaseIntegerRange, databaseIntegerSchema, isDatabaseInteger } from './database-integer.schema';
import { parseInput } from './parse-input';

const id = '0190f5c4-0000-7000-8000-000000000000';
const firstPastInt4 = 2 ** 31;

/** A schema, a valid input for it, and the dotted path of an integer field that maps to an `Int` column. */
type IntegerField = [name: string, field: string, schema: z.ZodType, valid: Record<string, unknown>];

/** Puts `value` at the dotted `field` of a copy of `input` (array indexes included). */
function withValue(input: Record<string, unknown>, field: string, value: number): Record<string, unknown> {
  const copy = structuredClone(input);
  const keys = field.split('.');
  let container = copy;
  for (const key of keys.slice(0, -1)) container = container[key] as Record<string, unknown>;
  container[keys.at(-1)!] = value;
  return copy;
}

const integerFields: IntegerField[] = [
  ['createRun', 'agentVersion', createRunInputSchema, { agentId: id, input: 'x' }],
  ['listRuns', 'agentVersion', listRunsInputSchema, {}],
  ['agentVersion', 'version', agentVersionInputSchema, { agentId: id }],
  ['runEvents', 'afterSeq', eventsInputSchema, { runId: id }],
  ['runMessages', 'cursor', listMessagesInputSchema, { runId: id }],
  ['forkRun', 'stepIndex', forkRunInputSchema, { runId: id, stepIndex: 1 }],
  ['forkRun', 'agentVersion', forkRunInputSchema, { runId: id, stepIndex: 1 }],
  ['forkRun', 'messages.0.index', forkRunInputSchema, { runId: id, stepIndex: 1, messages: [{ index: 1, content: 'x' }] }],
  ['rerunRun', 'agentVersion', rerunRunInputSchema, { runId: id }],
  ['recordFeedback', 'stepIndex', recordFeedbackInputSchema, { runId: id, label: 'good' }],
  ['createExperiment', 'agentVersion', createExperimentInputSchema, { dataset: 'cases', agentId: id }],
  [
    'createExperiment',
    'scorers.0.judgeAgentVersion',
    createExperimentInputSchema,
    { dataset: 'cases', agentId: id, agentVersion: 1, scorers: [{ type: 'llm-judge', rubric: 'r', judgeAgentId: id, judgeAgentVersion: 1 }] },
  ],
  [
    'createSchedule',
    'agentVersion',
    createScheduleInputSchema,
    { name: 'n', agentId: id, inputTemplate: 'x', timing: { kind: 'interval', intervalSeconds: 60 } },
  ],
  ['updateSchedule', 'agentVersion', updateScheduleInputSchema, { scheduleId: id }],
  ['listRunSteps', 'cursor', listRunStepsInputSchema, { runId: id }],
  ['listCheckpoints', 'cursor', listCheckpointsInputSchema, { runId: id }],
  ['getCheckpoint', 'seq', getCheckpointInputSchema, { runId: id }],
  ['getRunStep', 'step', getRunStepInputSchema, { runId: id }],
];

// Kept apart: batch.schema.ts is bounded in its own change.
const batchIntegerFields: IntegerField[] = [
  ['submitBatch', 'agentVersion', submitBatchInputSchema, { agentId: id, items: ['a'] }],
  ['batchItems', 'after', batchItemsInputSchema, { batchId: id }],
];

function expectBounded([name, field, schema, valid]: IntegerField): void {
  expect(() => parseInput(schema, withValue(valid, field, databaseIntegerRange.maximum)), `${name} ${field} at the maximum`).not.toThrow();
  for (const value of [firstPastInt4, 99_999_999_999, Number.MAX_SAFE_INTEGER]) {
    expect(() => parseInput(schema, withValue(valid, field, value)), `${name} ${field} = ${value}`).toThrow(
      expect.objectContaining({ kind: 'validation', field, message: expect.stringContaining(`at most ${databaseIntegerRange.maximum}`) as unknown }),
    );
  }
}

describe('integer fields stored in or compared with Postgres `integer` columns', () => {
  it.each(integerFields)('%s refuses %s past 2^31 - 1, naming the field', (...field) => expectBounded(field));

  it.each(batchIntegerFields)('%s refuses %s past 2^31 - 1, naming the field', (...field) => expectBounded(field));
});

describe('databaseIntegerSchema', () => {
  it('takes the int4 range and keeps the lower bound a field chains onto it', () => {
    expect(databaseIntegerSchema.safeParse(-(2 ** 31)).success).toBe(true);
    expect(databaseIntegerSchema.safeParse(-(2 ** 31) - 1).success).toBe(false);
    expect(databaseIntegerSchema.positive().safeParse(0).success).toBe(false);
    expect(databaseIntegerSchema.min(-1).safeParse(-1).success).toBe(true);
    expect(databaseIntegerSchema.safeParse(1.5).success).toBe(false);
  });

  it('shows the bound to clients in JSON Schema (the OpenAPI document)', () => {
    expect(databaseIntegerSchema.positive().toJSONSchema()).toMatchObject({ type: 'integer', exclusiveMinimum: 0, maximum: databaseIntegerRange.maximum });
  });

  it('isDatabaseInteger agrees with the schema', () => {
    for (const value of [0, -1, databaseIntegerRange.maximum, databaseIntegerRange.minimum, firstPastInt4, -(2 ** 31) - 1, 1.5, Number.NaN, Infinity]) {
      expect(isDatabaseInteger(value), String(value)).toBe(databaseIntegerSchema.safeParse(value).success);
    }
  });
});
