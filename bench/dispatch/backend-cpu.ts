import { readFileSync } from 'node:fs';

import type pg from 'pg';

/**
 * CPU ticks of every backend of the client's database (all but `exclude`, the measuring connection's own
 * pid, when given), by pid, read from /proc: Postgres runs on this machine in every bench scenario.
 */
export async function backendTicks(client: pg.Client, exclude?: number): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    if (pid === exclude) continue;
    try {
      // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The backend exited meanwhile.
    }
  }
  return ticks;
}

/** Milliseconds of server CPU spent between two readings (a backend that appeared counts from zero). */
export function backendMilliseconds(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, value] of after) ticks += value - (before.get(pid) ?? 0);
  return ticks * 10;
}
