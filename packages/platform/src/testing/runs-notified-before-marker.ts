import { setTimeout as sleep } from 'node:timers/promises';

interface TestRun {
  id: string;
  tenantId: string;
}

export interface RunNotificationProbe {
  /** Run ids a LISTEN on the run-events channel heard, in the order it heard them. Emptied by each probe. */
  heard: string[];
  newRun(): Promise<TestRun>;
  /** Registers the run as watched (ADR 0038) and resolves once the registration is committed. */
  watch(runId: string): Promise<unknown>;
  append(run: TestRun): Promise<unknown>;
}

/**
 * The runs whose commits notified before a marker's: the marker is an append to a fresh watched run.
 * Notifications on one connection arrive in commit order, so a notification an earlier commit was going
 * to send has arrived before the marker's, and "run X was not notified" needs no waiting for time to pass.
 */
export async function runsNotifiedBeforeMarker(probe: RunNotificationProbe, timeoutMs = 30_000): Promise<string[]> {
  const marker = await probe.newRun();
  await probe.watch(marker.id);
  const start = probe.heard.length;
  await probe.append(marker);
  const deadline = Date.now() + timeoutMs;
  while (!probe.heard.slice(start).includes(marker.id)) {
    if (Date.now() > deadline) throw new Error(`The marker run ${marker.id} was not notified within ${timeoutMs} ms`);
    await sleep(10);
  }
  const seen = probe.heard.splice(0);
  return seen.slice(0, seen.indexOf(marker.id, start));
}
