import type { Database } from '@agentloom/db';

/** A clock tests move by hand: every scheduler and service given `clock.now` sees the same time. */
export class FakeClock {
  constructor(private current: Date) {}

  readonly now = (): Date => new Date(this.current);

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }

  set(instant: Date): void {
    this.current = new Date(instant);
  }
}

/** Ends a schedule's active runs as an executor would (the tests run no executor, so fired runs stay queued). */
export async function finishScheduledRuns(database: Database, scheduleId: string): Promise<void> {
  await database.prisma.run.updateMany({
    where: { scheduleId, status: { in: ['queued', 'running', 'waiting_human', 'waiting'] } },
    data: { status: 'succeeded', finishedAt: new Date() },
  });
}

/** The slots a schedule's runs were created for, oldest first. */
export async function firedSlots(database: Database, scheduleId: string): Promise<string[]> {
  const runs = await database.prisma.run.findMany({ where: { scheduleId }, select: { scheduleSlot: true }, orderBy: { scheduleSlot: 'asc' } });
  return runs.map((run) => run.scheduleSlot?.toISOString() ?? 'none');
}
