import { setTimeout as sleep } from 'node:timers/promises';

import type { PrismaClient } from '@agentloom/db';

import type { WorkerFleet } from './worker-fleet';

/** Ready workers that hold at least one run lease, polled for up to five seconds (kills then land mid-run). */
export async function workersHoldingRuns(workers: WorkerFleet, prisma: PrismaClient): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const ready = workers.readyNames();
    const owners = await prisma.run.findMany({ where: { status: 'running', leaseOwner: { in: ready.map((name) => workers.get(name).owner) } }, select: { leaseOwner: true }, distinct: ['leaseOwner'] });
    const holding = ready.filter((name) => owners.some((run) => run.leaseOwner === workers.get(name).owner));
    if (holding.length > 0 || Date.now() > deadline) return holding;
    await sleep(50);
  }
}
