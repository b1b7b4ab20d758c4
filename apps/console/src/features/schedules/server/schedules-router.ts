import {
  createScheduleInputSchema,
  listSchedulesInputSchema,
  previewScheduleInputSchema,
  scheduleIdInputSchema,
  updateScheduleInputSchema,
} from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

/** The tenant's schedules (ADR 0043): viewers read and preview, operators change; like the REST routes. */
export const schedulesRouter = {
  list: viewerProcedure.input(listSchedulesInputSchema).query(({ ctx, input }) => ctx.platform.schedules.list(ctx.principal, input)),
  get: viewerProcedure.input(scheduleIdInputSchema).query(({ ctx, input }) => ctx.platform.schedules.get(ctx.principal, input)),
  /** The next fire times of a timing as typed in the form (not saved). */
  preview: viewerProcedure.input(previewScheduleInputSchema).query(({ ctx, input }) => ctx.platform.schedules.preview(ctx.principal, input)),
  create: operatorProcedure.input(createScheduleInputSchema).mutation(({ ctx, input }) => ctx.platform.schedules.create(ctx.principal, input)),
  update: operatorProcedure.input(updateScheduleInputSchema).mutation(({ ctx, input }) => ctx.platform.schedules.update(ctx.principal, input)),
  pause: operatorProcedure.input(scheduleIdInputSchema).mutation(({ ctx, input }) => ctx.platform.schedules.pause(ctx.principal, input)),
  resume: operatorProcedure.input(scheduleIdInputSchema).mutation(({ ctx, input }) => ctx.platform.schedules.resume(ctx.principal, input)),
  delete: operatorProcedure.input(scheduleIdInputSchema).mutation(({ ctx, input }) => ctx.platform.schedules.delete(ctx.principal, input)),
} satisfies TRPCRouterRecord;
