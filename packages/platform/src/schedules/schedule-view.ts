import type { Prisma } from '@agentloom/db';

import type { CatchUpPolicy, OverlapPolicy } from './schedule.schema';
import type { ScheduleTiming } from './schedule-slots';

/** A schedule as clients see it. */
export interface ScheduleView {
  id: string;
  name: string;
  agentId: string;
  agentName: string;
  /** Pinned version number, or null for the agent's latest version at each fire. */
  agentVersion: number | null;
  timing: { kind: 'cron'; cronExpression: string; timeZone: string } | { kind: 'interval'; intervalSeconds: number; timeZone: string };
  inputTemplate: string;
  overlapPolicy: OverlapPolicy;
  catchUpPolicy: CatchUpPolicy;
  catchUpLimit: number;
  paused: boolean;
  /** The next slot this schedule fires at (while paused: the slot it would fire at). */
  nextFireAt: string;
  lastFiredAt: string | null;
  lastRunId: string | null;
  firedCount: number;
  skippedCount: number;
  /**
   * Why the last due slot created no run (agent archived, pinned version missing, input over the run
   * input limit, firing failed), or why the scheduler paused the schedule; null once a fire succeeds.
   */
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export const scheduleViewSelect = {
  id: true,
  name: true,
  agentId: true,
  agent: { select: { name: true } },
  agentVersion: true,
  kind: true,
  cronExpression: true,
  intervalSeconds: true,
  timeZone: true,
  anchorAt: true,
  inputTemplate: true,
  overlapPolicy: true,
  catchUpPolicy: true,
  catchUpLimit: true,
  pausedAt: true,
  nextFireAt: true,
  lastFiredAt: true,
  lastRunId: true,
  firedCount: true,
  skippedCount: true,
  lastError: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.ScheduleSelect;

export type ScheduleRow = Prisma.ScheduleGetPayload<{ select: typeof scheduleViewSelect }>;

/** The stored timing as the slot functions read it. */
export function timingOf(row: Pick<ScheduleRow, 'kind' | 'cronExpression' | 'intervalSeconds' | 'timeZone' | 'anchorAt'>): ScheduleTiming {
  if (row.kind === 'interval') return { kind: 'interval', intervalSeconds: row.intervalSeconds ?? 3600, anchorAt: row.anchorAt };
  return { kind: 'cron', cronExpression: row.cronExpression ?? '', timeZone: row.timeZone };
}

export function toScheduleView(row: ScheduleRow): ScheduleView {
  return {
    id: row.id,
    name: row.name,
    agentId: row.agentId,
    agentName: row.agent.name,
    agentVersion: row.agentVersion,
    timing:
      row.kind === 'interval'
        ? { kind: 'interval', intervalSeconds: row.intervalSeconds ?? 0, timeZone: row.timeZone }
        : { kind: 'cron', cronExpression: row.cronExpression ?? '', timeZone: row.timeZone },
    inputTemplate: row.inputTemplate,
    overlapPolicy: row.overlapPolicy as OverlapPolicy,
    catchUpPolicy: row.catchUpPolicy as CatchUpPolicy,
    catchUpLimit: row.catchUpLimit,
    paused: row.pausedAt !== null,
    nextFireAt: row.nextFireAt.toISOString(),
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    lastRunId: row.lastRunId,
    firedCount: row.firedCount,
    skippedCount: row.skippedCount,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
