import { z } from 'zod';

import { databaseIntegerSchema } from '../validation/database-integer.schema';
import { renderedInputProblem } from './render-input-template';
import { cronExpressionProblem, isKnownTimeZone } from './schedule-slots';

export const overlapPolicies = ['skip', 'queue', 'cancel-previous'] as const;
export type OverlapPolicy = (typeof overlapPolicies)[number];
export const catchUpPolicies = ['skip', 'run-once', 'run-all'] as const;
export type CatchUpPolicy = (typeof catchUpPolicies)[number];

const cronExpressionSchema = z
  .string()
  .trim()
  .min(1, 'cronExpression must not be empty')
  .max(200)
  .superRefine((expression, context) => {
    const problem = cronExpressionProblem(expression);
    if (problem) context.addIssue({ code: 'custom', message: `invalid cron expression: ${problem}` });
  })
  .describe('Five fields (minute hour day-of-month month day-of-week) or six with seconds first; `@daily`, `@hourly` … too.');

const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isKnownTimeZone, { message: 'unknown IANA time zone (e.g. Europe/Paris, America/New_York, UTC)' })
  .describe('IANA time zone the cron expression is read in.');

/** When the schedule fires; cron slots follow the time zone's wall clock (daylight-saving changes included). */
export const scheduleTimingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cron'), cronExpression: cronExpressionSchema, timeZone: timeZoneSchema.default('UTC') }),
  z.object({
    kind: z.literal('interval'),
    intervalSeconds: z.number().int().min(60, 'intervalSeconds must be at least 60').max(31 * 24 * 3600, 'intervalSeconds must be at most 31 days'),
    timeZone: timeZoneSchema.default('UTC'),
  }),
]);

const scheduleFields = {
  name: z.string().trim().min(1, 'name must not be empty').max(120),
  agentId: z.uuid(),
  agentVersion: databaseIntegerSchema.positive().nullable().default(null).describe('Pinned version number; null fires the latest version.'),
  inputTemplate: z
    .string()
    .trim()
    .min(1, 'inputTemplate must not be empty')
    .max(100_000)
    .describe('Run input; `{{slot}}` (ISO time), `{{slotLocal}}` (in the time zone) and `{{scheduleName}}` are replaced.'),
  overlapPolicy: z.enum(overlapPolicies).default('skip'),
  catchUpPolicy: z.enum(catchUpPolicies).default('skip'),
  catchUpLimit: z.number().int().min(1).max(100).default(10),
  paused: z.boolean().default(false),
};

export const createScheduleInputSchema = z.object({ ...scheduleFields, timing: scheduleTimingSchema }).superRefine((input, context) => {
  // The template alone is capped; what its placeholders expand to must fit a run input too (an edit is checked by the service).
  // Zod runs this even after a field's own refinement failed: an unknown zone already has its issue.
  if (!isKnownTimeZone(input.timing.timeZone)) return;
  const problem = renderedInputProblem(input.inputTemplate, { scheduleName: input.name, timeZone: input.timing.timeZone });
  if (problem) context.addIssue({ code: 'custom', path: ['inputTemplate'], message: problem });
});
export type CreateScheduleInput = z.input<typeof createScheduleInputSchema>;

export const updateScheduleInputSchema = z.object({
  scheduleId: z.uuid(),
  name: scheduleFields.name.optional(),
  agentVersion: databaseIntegerSchema.positive().nullable().optional(),
  inputTemplate: scheduleFields.inputTemplate.optional(),
  overlapPolicy: z.enum(overlapPolicies).optional(),
  catchUpPolicy: z.enum(catchUpPolicies).optional(),
  catchUpLimit: z.number().int().min(1).max(100).optional(),
  timing: scheduleTimingSchema.optional(),
});
export type UpdateScheduleInput = z.input<typeof updateScheduleInputSchema>;

export const scheduleIdInputSchema = z.object({ scheduleId: z.uuid() });

export const listSchedulesInputSchema = z.object({ agentId: z.uuid().optional() });

export const previewScheduleInputSchema = z.object({
  timing: scheduleTimingSchema,
  count: z.number().int().min(1).max(50).default(5),
});
export type PreviewScheduleInput = z.input<typeof previewScheduleInputSchema>;

export const previewSavedScheduleInputSchema = z.object({
  scheduleId: z.uuid(),
  count: z.number().int().min(1).max(50).default(5),
});
