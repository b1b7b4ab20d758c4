import { pathSegment } from '../path-segment.ts';
import type { Transport } from '../transport.ts';
import type { CreateScheduleInput, Schedule, ScheduleList, SchedulePreview, ScheduleTiming, UpdateScheduleInput } from '../types.ts';

const schedulePath = (scheduleId: string) => `/api/v1/schedules/${pathSegment('scheduleId', scheduleId)}`;

/** Cron and interval schedules that create runs; each slot fires once across every console and worker. */
export function schedulesResource(transport: Transport) {
  return {
    create(input: CreateScheduleInput): Promise<Schedule> {
      return transport.json('POST', '/api/v1/schedules', { body: input });
    },
    async get(scheduleId: string): Promise<Schedule> {
      return transport.json('GET', schedulePath(scheduleId));
    },
    list(input: { agentId?: string } = {}): Promise<ScheduleList> {
      return transport.json('GET', '/api/v1/schedules', { query: { ...input } });
    },
    /** Changes the fields given; a new `timing` restarts the slots from now. */
    async update(scheduleId: string, input: UpdateScheduleInput): Promise<Schedule> {
      return transport.json('PATCH', schedulePath(scheduleId), { body: input });
    },
    async pause(scheduleId: string): Promise<Schedule> {
      return transport.json('POST', `${schedulePath(scheduleId)}/pause`);
    },
    /** Fires again from the first slot after now (slots missed while paused are not made up). */
    async resume(scheduleId: string): Promise<Schedule> {
      return transport.json('POST', `${schedulePath(scheduleId)}/resume`);
    },
    /** Deletes the schedule; the runs it created stay. */
    async delete(scheduleId: string): Promise<Schedule> {
      return transport.json('DELETE', schedulePath(scheduleId));
    },
    /** A saved schedule's next fire times. */
    async preview(scheduleId: string, count = 5): Promise<SchedulePreview> {
      return transport.json('GET', `${schedulePath(scheduleId)}/preview`, { query: { count } });
    },
    /** The next fire times of a timing that need not be saved. */
    previewTiming(timing: ScheduleTiming, count = 5): Promise<SchedulePreview> {
      return transport.json('POST', '/api/v1/schedules/preview', { body: { timing, count } });
    },
  };
}
