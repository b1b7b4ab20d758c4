export { ScheduleService } from './schedule-service';
export { Scheduler, type TickResult } from './scheduler';
export { defaultSchedulerConfig, type SchedulerConfig } from './schedule-config';
export type { ScheduleView } from './schedule-view';
export {
  catchUpPolicies,
  createScheduleInputSchema,
  overlapPolicies,
  previewSavedScheduleInputSchema,
  previewScheduleInputSchema,
  scheduleIdInputSchema,
  listSchedulesInputSchema,
  updateScheduleInputSchema,
  type CatchUpPolicy,
  type CreateScheduleInput,
  type OverlapPolicy,
  type PreviewScheduleInput,
  type UpdateScheduleInput,
} from './schedule.schema';
