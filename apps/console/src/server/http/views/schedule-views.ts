import { catchUpPolicies, overlapPolicies, type ScheduleView } from '@agentloom/platform';
import { z } from 'zod';

import { timestampSchema, viewRegistry } from './view-registry';

export const scheduleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    agentId: z.string(),
    agentName: z.string(),
    agentVersion: z.number().int().nullable().describe('Pinned version number; null fires the latest version.'),
    timing: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('cron'), cronExpression: z.string(), timeZone: z.string() }),
      z.object({ kind: z.literal('interval'), intervalSeconds: z.number().int(), timeZone: z.string() }),
    ]),
    inputTemplate: z.string(),
    overlapPolicy: z.enum(overlapPolicies),
    catchUpPolicy: z.enum(catchUpPolicies),
    catchUpLimit: z.number().int(),
    paused: z.boolean(),
    nextFireAt: timestampSchema.describe('The next slot (while paused: the slot it would fire at; resume moves it to the first slot after now).'),
    lastFiredAt: timestampSchema.nullable(),
    lastRunId: z.string().nullable(),
    firedCount: z.number().int(),
    skippedCount: z.number().int().describe('Due slots that got no run (overlap or catch-up policy).'),
    lastError: z.string().nullable().describe('Why the last due slot created no run (agent archived, version missing).'),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'Schedule', description: 'A cron or interval schedule that creates runs of one agent.' });

// Fails to compile when ScheduleView gains or loses a field the view does not describe.
type DescribedSchedule = z.output<typeof scheduleSchema>;
type SameScheduleKeys = keyof ScheduleView extends keyof DescribedSchedule ? (keyof DescribedSchedule extends keyof ScheduleView ? true : never) : never;
export const scheduleSchemaCoversScheduleView: SameScheduleKeys = true;

export const scheduleListSchema = z.object({ schedules: z.array(scheduleSchema) }).register(viewRegistry, { id: 'ScheduleList' });

export const schedulePreviewSchema = z
  .object({ fireTimes: z.array(timestampSchema).describe('The next fire times, oldest first.') })
  .register(viewRegistry, { id: 'SchedulePreview' });
