import type { Database, Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import type { SchedulerConfig } from './schedule-config';
import {
  createScheduleInputSchema,
  listSchedulesInputSchema,
  previewSavedScheduleInputSchema,
  previewScheduleInputSchema,
  scheduleIdInputSchema,
  updateScheduleInputSchema,
} from './schedule.schema';
import { renderedInputProblem } from './render-input-template';
import { nextSlotAfter, upcomingSlots, type ScheduleTiming } from './schedule-slots';
import { scheduleViewSelect, timingOf, toScheduleView, type ScheduleRow, type ScheduleView } from './schedule-view';

type TimingInput = { kind: 'cron'; cronExpression: string; timeZone: string } | { kind: 'interval'; intervalSeconds: number; timeZone: string };

/**
 * A tenant's schedules: create, read, edit, pause, resume, delete, and the next-fire preview. Reads
 * need the viewer role, changes the operator role; every change is audit-logged in its transaction.
 */
export class ScheduleService {
  constructor(
    private readonly database: Database,
    /** The scheduler's clock, so a schedule's first slot and the preview agree with what fires. */
    private readonly clock: SchedulerConfig['clock'],
  ) {}

  async create(principal: Principal, rawInput: unknown): Promise<ScheduleView> {
    assertRole(principal, 'operator', 'Creating a schedule');
    const input = parseInput(createScheduleInputSchema, rawInput);
    const now = this.clock();
    const nextFireAt = firstSlotOfNewTiming(storedTiming(input.timing, now), now);
    const row = await this.database.prisma.$transaction(async (transaction) => {
      await assertAgentVersion(transaction, principal, input.agentId, input.agentVersion);
      const created = await transaction.schedule.create({
        data: {
          tenantId: principal.tenantId,
          agentId: input.agentId,
          agentVersion: input.agentVersion,
          name: input.name,
          ...timingColumns(input.timing),
          anchorAt: now,
          inputTemplate: input.inputTemplate,
          overlapPolicy: input.overlapPolicy,
          catchUpPolicy: input.catchUpPolicy,
          catchUpLimit: input.catchUpLimit,
          nextFireAt,
          pausedAt: input.paused ? now : null,
        },
        select: scheduleViewSelect,
      });
      await recordAudit(transaction, principal, { action: 'schedule.create', targetType: 'schedule', targetId: created.id, after: auditShape(created) });
      return created;
    });
    return toScheduleView(row);
  }

  async list(principal: Principal, rawInput: unknown = {}): Promise<{ schedules: ScheduleView[] }> {
    assertRole(principal, 'viewer', 'Listing schedules');
    const input = parseInput(listSchedulesInputSchema, rawInput);
    const rows = await this.database.prisma.schedule.findMany({
      where: { tenantId: principal.tenantId, ...(input.agentId ? { agentId: input.agentId } : {}) },
      orderBy: { createdAt: 'desc' },
      select: scheduleViewSelect,
    });
    return { schedules: rows.map(toScheduleView) };
  }

  async get(principal: Principal, rawInput: unknown): Promise<ScheduleView> {
    assertRole(principal, 'viewer', 'Reading a schedule');
    const { scheduleId } = parseInput(scheduleIdInputSchema, rawInput);
    const row = await this.database.prisma.schedule.findFirst({ where: { id: scheduleId, tenantId: principal.tenantId }, select: scheduleViewSelect });
    if (!row) throw notFound(scheduleId);
    return toScheduleView(row);
  }

  /** Edits what was given; a new timing restarts the slots from now (no slot of the old timing fires after the edit). */
  async update(principal: Principal, rawInput: unknown): Promise<ScheduleView> {
    assertRole(principal, 'operator', 'Editing a schedule');
    const input = parseInput(updateScheduleInputSchema, rawInput);
    const now = this.clock();
    const row = await this.database.prisma.$transaction(async (transaction) => {
      const existing = await lockSchedule(transaction, principal, input.scheduleId);
      if (input.agentVersion !== undefined) await assertAgentVersion(transaction, principal, existing.agentId, input.agentVersion);
      assertRenderedInputFits(existing, input);
      const data: Prisma.ScheduleUpdateInput = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.agentVersion !== undefined ? { agentVersion: input.agentVersion } : {}),
        ...(input.inputTemplate !== undefined ? { inputTemplate: input.inputTemplate } : {}),
        ...(input.overlapPolicy !== undefined ? { overlapPolicy: input.overlapPolicy } : {}),
        ...(input.catchUpPolicy !== undefined ? { catchUpPolicy: input.catchUpPolicy } : {}),
        ...(input.catchUpLimit !== undefined ? { catchUpLimit: input.catchUpLimit } : {}),
        ...(input.timing ? { ...timingColumns(input.timing), anchorAt: now, nextFireAt: firstSlotOfNewTiming(storedTiming(input.timing, now), now) } : {}),
      };
      const updated = await transaction.schedule.update({ where: { id: existing.id }, data, select: scheduleViewSelect });
      await recordAudit(transaction, principal, {
        action: 'schedule.update',
        targetType: 'schedule',
        targetId: existing.id,
        before: auditShape(existing),
        after: auditShape(updated),
      });
      return updated;
    });
    return toScheduleView(row);
  }

  /** Stops firing; slots that come due while paused are not made up on resume. */
  pause(principal: Principal, rawInput: unknown): Promise<ScheduleView> {
    return this.setPaused(principal, rawInput, true);
  }

  /** Fires again from the first slot after now. */
  resume(principal: Principal, rawInput: unknown): Promise<ScheduleView> {
    return this.setPaused(principal, rawInput, false);
  }

  /** Deletes the schedule; runs it created stay (their schedule link is cleared). */
  async delete(principal: Principal, rawInput: unknown): Promise<ScheduleView> {
    assertRole(principal, 'operator', 'Deleting a schedule');
    const { scheduleId } = parseInput(scheduleIdInputSchema, rawInput);
    const row = await this.database.prisma.$transaction(async (transaction) => {
      const existing = await lockSchedule(transaction, principal, scheduleId);
      await transaction.schedule.delete({ where: { id: existing.id } });
      await recordAudit(transaction, principal, { action: 'schedule.delete', targetType: 'schedule', targetId: existing.id, before: auditShape(existing) });
      return existing;
    });
    return toScheduleView(row);
  }

  /** The next `count` fire times of a timing (saved or not), from now. */
  preview(principal: Principal, rawInput: unknown): { fireTimes: string[] } {
    assertRole(principal, 'viewer', 'Previewing a schedule');
    const input = parseInput(previewScheduleInputSchema, rawInput);
    const now = this.clock();
    const timing = storedTiming(input.timing, now);
    // A timing with no computable slot gets the 400 a create with it gets, not an empty preview.
    const first = firstSlotOfNewTiming(timing, now);
    return { fireTimes: [first, ...upcomingSlots(timing, first, input.count - 1)].map((slot) => slot.toISOString()) };
  }

  /** A saved schedule's next `count` fire times from its stored next fire time. */
  async previewSaved(principal: Principal, rawInput: unknown): Promise<{ fireTimes: string[] }> {
    assertRole(principal, 'viewer', 'Previewing a schedule');
    const { scheduleId, count } = parseInput(previewSavedScheduleInputSchema, rawInput);
    const schedule = await this.database.prisma.schedule.findFirst({ where: { id: scheduleId, tenantId: principal.tenantId }, select: scheduleViewSelect });
    if (!schedule) throw notFound(scheduleId);
    const timing = timingOf(schedule);
    return { fireTimes: [schedule.nextFireAt, ...upcomingSlots(timing, schedule.nextFireAt, count - 1)].map((slot) => slot.toISOString()) };
  }

  private async setPaused(principal: Principal, rawInput: unknown, paused: boolean): Promise<ScheduleView> {
    assertRole(principal, 'operator', paused ? 'Pausing a schedule' : 'Resuming a schedule');
    const { scheduleId } = parseInput(scheduleIdInputSchema, rawInput);
    const now = this.clock();
    const row = await this.database.prisma.$transaction(async (transaction) => {
      const existing = await lockSchedule(transaction, principal, scheduleId);
      if ((existing.pausedAt !== null) === paused) return existing;
      const updated = await transaction.schedule.update({
        where: { id: existing.id },
        data: paused ? { pausedAt: now } : { pausedAt: null, nextFireAt: resumedSlot(existing, now) },
        select: scheduleViewSelect,
      });
      await recordAudit(transaction, principal, { action: paused ? 'schedule.pause' : 'schedule.resume', targetType: 'schedule', targetId: existing.id });
      return updated;
    });
    return toScheduleView(row);
  }
}

/** A new timing's first slot after now; a timing with none (cron-parser cannot compute one) is a 400 naming the field. */
function firstSlotOfNewTiming(timing: ScheduleTiming, now: Date): Date {
  const next = nextSlotAfter(timing, now);
  if (next.found) return next.slot;
  throw new DomainError('validation', `timing.cronExpression: ${next.reason}`, 'timing.cronExpression');
}

/** A saved schedule's first slot after now on resume; one with none stays paused and the caller is told why (409). */
function resumedSlot(schedule: ScheduleRow, now: Date): Date {
  const next = nextSlotAfter(timingOf(schedule), now);
  if (next.found) return next.slot;
  throw new DomainError('conflict', `Schedule ${schedule.id} cannot resume: ${next.reason}; edit its timing`, 'timing.cronExpression');
}

/**
 * An edit must leave the template rendering within the run input limit with the name and zone it
 * will have (the create schema checks a new schedule; an edit may change only one of the three).
 */
function assertRenderedInputFits(existing: ScheduleRow, input: { name?: string; inputTemplate?: string; timing?: TimingInput }): void {
  // An edit that touches none of the three leaves the schedule as it was (an old oversized one is caught at fire time).
  if (input.name === undefined && input.inputTemplate === undefined && input.timing === undefined) return;
  const template = input.inputTemplate ?? existing.inputTemplate;
  const problem = renderedInputProblem(template, { scheduleName: input.name ?? existing.name, timeZone: input.timing?.timeZone ?? existing.timeZone });
  if (!problem) return;
  const field = input.inputTemplate !== undefined ? 'inputTemplate' : input.name !== undefined ? 'name' : 'timing.timeZone';
  throw new DomainError('validation', `${field}: with it, inputTemplate ${problem}`, field);
}

/** The timing as slots are computed from it; an interval's slots start one interval after `anchorAt`. */
function storedTiming(timing: TimingInput, anchorAt: Date): ScheduleTiming {
  return timing.kind === 'interval' ? { kind: 'interval', intervalSeconds: timing.intervalSeconds, anchorAt } : timing;
}

function timingColumns(timing: TimingInput): { kind: string; cronExpression: string | null; intervalSeconds: number | null; timeZone: string } {
  return timing.kind === 'cron'
    ? { kind: 'cron', cronExpression: timing.cronExpression, intervalSeconds: null, timeZone: timing.timeZone }
    : { kind: 'interval', cronExpression: null, intervalSeconds: timing.intervalSeconds, timeZone: timing.timeZone };
}

/** Reads the schedule FOR UPDATE, so an edit and a scheduler tick on it serialize. */
async function lockSchedule(transaction: Prisma.TransactionClient, principal: Principal, scheduleId: string): Promise<ScheduleRow> {
  const locked = await transaction.$queryRawUnsafe<{ id: string }[]>(
    'SELECT id::text FROM schedules WHERE id = $1::uuid AND tenant_id = $2::uuid FOR UPDATE',
    scheduleId,
    principal.tenantId,
  );
  if (locked.length === 0) throw notFound(scheduleId);
  return transaction.schedule.findUniqueOrThrow({ where: { id: scheduleId }, select: scheduleViewSelect });
}

/** The agent must be this tenant's and not archived; a pinned version must exist. */
async function assertAgentVersion(transaction: Prisma.TransactionClient, principal: Principal, agentId: string, agentVersion: number | null): Promise<void> {
  const agent = await transaction.agent.findFirst({ where: { id: agentId, tenantId: principal.tenantId }, select: { id: true, archivedAt: true } });
  if (!agent) throw new DomainError('not-found', `Agent ${agentId} not found`, 'agentId');
  if (agent.archivedAt) throw new DomainError('validation', `agentId: agent ${agentId} is archived`, 'agentId');
  if (agentVersion === null) return;
  const version = await transaction.agentVersion.findFirst({ where: { agentId, version: agentVersion }, select: { id: true } });
  if (!version) throw new DomainError('not-found', `Agent version ${agentVersion} not found`, 'agentVersion');
}

function auditShape(row: ScheduleRow): Prisma.InputJsonValue {
  const view = toScheduleView(row);
  return {
    name: view.name,
    agentId: view.agentId,
    agentVersion: view.agentVersion,
    timing: view.timing,
    overlapPolicy: view.overlapPolicy,
    catchUpPolicy: view.catchUpPolicy,
    catchUpLimit: view.catchUpLimit,
    paused: view.paused,
  };
}

function notFound(scheduleId: string): DomainError {
  return new DomainError('not-found', `Schedule ${scheduleId} not found`, 'scheduleId');
}
