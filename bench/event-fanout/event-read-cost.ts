/**
 * bench/event-fanout/event-read-cost: one run's events read two ways on the same database, side by side —
 * `prisma.runEvent.findMany` (the read before ADR 0092) and the prepared driver statement of
 * `readRunEvents` (after). Medians of a page of 500 (a replay's or a listing's read) and of a tail read of
 * 10 new events (the hub's read per live commit), three passes each, embedded then server.
 *   npx tsx bench/event-fanout/event-read-cost.ts      (BENCH_READ_EVENTS, default 10000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import { createPlatform, type Platform } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';

import { repositoryRoot } from '../../apps/console/test/support/console-process';
import { readRunEvents } from '../dispatch/agentloom-internals';
import { createScenarioDatabase } from '../dispatch/scenario-database';
import { median } from '../median';
import { prepareDatabase } from './prepare-database';

const events = Number(process.env.BENCH_READ_EVENTS ?? 10_000);

type Read = (afterSeq: number, limit: number) => Promise<unknown[]>;

async function medianMs(read: Read, afterSeq: number, limit: number, times: number): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await read(afterSeq, limit);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function measure(platform: Platform, runId: string): Promise<string[][]> {
  const viaPrisma: Read = (afterSeq, limit) =>
    platform.database.prisma.runEvent.findMany({
      where: { runId, seq: { gt: afterSeq } },
      orderBy: { seq: 'asc' },
      take: limit,
      select: { runId: true, seq: true, type: true, payload: true, createdAt: true },
    });
  const viaDriver: Read = (afterSeq, limit) => readRunEvents(platform.database.statements, runId, afterSeq, limit);
  const rows: string[][] = [];
  for (let pass = 1; pass <= 3; pass += 1) {
    const pagePrisma = await medianMs(viaPrisma, events / 2, 500, 20);
    const pageDriver = await medianMs(viaDriver, events / 2, 500, 20);
    const tailPrisma = await medianMs(viaPrisma, events - 10, 500, 200);
    const tailDriver = await medianMs(viaDriver, events - 10, 500, 200);
    rows.push([String(pass), `${pagePrisma.toFixed(2)} / ${pageDriver.toFixed(2)}`, `${tailPrisma.toFixed(3)} / ${tailDriver.toFixed(3)}`]);
  }
  return rows;
}

async function benchMode(mode: 'embedded' | 'server'): Promise<string[][]> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-read-cost-'));
  const server = mode === 'server' ? await createScenarioDatabase('readcost') : undefined;
  const database = server ? { url: server.url } : { dataDirectory };
  try {
    const { replayRunId } = await prepareDatabase(database, events);
    const platform = await createPlatform({
      database: { ...database, migrationsDirectory: path.join(repositoryRoot, 'prisma/migrations') },
      ...(server ? { secrets: { key: Buffer.alloc(32, 7) } } : {}),
      logger: silentLogger,
    });
    try {
      return (await measure(platform, replayRunId)).map((row) => [mode, ...row]);
    } finally {
      await platform.close();
    }
  } finally {
    await server?.drop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

const rows: string[][] = [];
const loadBefore = loadavg();
for (const mode of ['embedded', 'server'] as const) {
  try {
    rows.push(...(await benchMode(mode)));
  } catch (error) {
    console.error(`[${mode}] skipped: ${(error as Error).message}`);
  }
}
console.log(`\n${events} events; load average ${loadBefore.map((value) => value.toFixed(1)).join(' ')} → ${loadavg().map((value) => value.toFixed(1)).join(' ')}\n`);
console.log('| database | pass | page of 500 ms, Prisma / driver (median of 20) | tail read of 10 ms, Prisma / driver (median of 200) |');
console.log('| --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
