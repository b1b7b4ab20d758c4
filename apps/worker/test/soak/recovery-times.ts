import type { PrismaClient } from '@agentloom/db';

/** The runs a killed worker held, with their lease expiry, read right after the kill. */
export interface KillRecord {
  owner: string;
  killedAt: Date;
  heldRuns: { id: string; leaseExpiresAt: Date }[];
}

/** Reads what `owner` held when it died; nothing renews those leases any more, so they are final. */
export async function recordKill(prisma: PrismaClient, owner: string, killedAt: Date): Promise<KillRecord> {
  const heldRuns = await prisma.run.findMany({ where: { leaseOwner: owner, status: 'running' }, select: { id: true, leaseExpiresAt: true } });
  return { owner, killedAt, heldRuns: heldRuns.flatMap((run) => (run.leaseExpiresAt ? [{ id: run.id, leaseExpiresAt: run.leaseExpiresAt }] : [])) };
}

export interface RecoverySamples {
  /** Lease expiry → `run-recovered` (re-queued by a live executor's recovery sweep). */
  expiryToRequeued: number[];
  /** Lease expiry → `run-started` of the next attempt (another executor holds it again). */
  expiryToReclaimed: number[];
  /** kill -9 → `run-started` of the next attempt: what a user waits in total. */
  killToReclaimed: number[];
  /** Held runs with no recovery found (must be empty: each would be a lost run). */
  unrecovered: string[];
}

/** Matches each killed worker's held runs to their `run-recovered` and next `run-started` events. */
export async function measureRecoveries(prisma: PrismaClient, kills: readonly KillRecord[]): Promise<RecoverySamples> {
  const runIds = [...new Set(kills.flatMap((kill) => kill.heldRuns.map((run) => run.id)))];
  const events = await prisma.runEvent.findMany({
    where: { runId: { in: runIds }, type: { in: ['run-recovered', 'run-started'] } },
    orderBy: [{ runId: 'asc' }, { seq: 'asc' }],
    select: { runId: true, seq: true, type: true, payload: true, createdAt: true },
  });
  const samples: RecoverySamples = { expiryToRequeued: [], expiryToReclaimed: [], killToReclaimed: [], unrecovered: [] };
  for (const kill of kills) {
    for (const held of kill.heldRuns) {
      const ofRun = events.filter((event) => event.runId === held.id);
      const recovered = ofRun.find((event) => event.type === 'run-recovered' && (event.payload as { previousExecutor?: string }).previousExecutor === kill.owner);
      const reclaimed = recovered && ofRun.find((event) => event.type === 'run-started' && event.seq > recovered.seq);
      if (!recovered || !reclaimed) {
        samples.unrecovered.push(held.id);
        continue;
      }
      samples.expiryToRequeued.push(recovered.createdAt.getTime() - held.leaseExpiresAt.getTime());
      samples.expiryToReclaimed.push(reclaimed.createdAt.getTime() - held.leaseExpiresAt.getTime());
      samples.killToReclaimed.push(reclaimed.createdAt.getTime() - kill.killedAt.getTime());
    }
  }
  return samples;
}

/** A small fixed-width table: count, p50, p99 and max per measurement, in milliseconds. */
export function formatRecoveryTable(samples: RecoverySamples): string {
  const rows: [string, number[]][] = [
    ['lease expiry → re-queued', samples.expiryToRequeued],
    ['lease expiry → re-claimed', samples.expiryToReclaimed],
    ['kill -9 → re-claimed', samples.killToReclaimed],
  ];
  const header = `${'recovery (ms)'.padEnd(27)}${'count'.padStart(7)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}`;
  const lines = rows.map(([label, values]) => {
    const sorted = [...values].sort((left, right) => left - right);
    const cells = [sorted.length, percentile(sorted, 0.5), percentile(sorted, 0.99), sorted.at(-1) ?? 0];
    return `${label.padEnd(27)}${cells.map((cell, index) => String(Math.round(cell)).padStart(index === 0 ? 7 : 8)).join('')}`;
  });
  return [header, ...lines].join('\n');
}

/** Nearest-rank percentile of an ascending list (0 for an empty one). */
function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
