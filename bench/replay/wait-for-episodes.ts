import { setTimeout as sleep } from 'node:timers/promises';

import type { TestPlatform } from '@agentloom/platform/testing';

/**
 * Waits until the executor's background sweep has written the episode memory of every one of these
 * finished runs (`episode_pending` cleared). The live runs leave that work behind them (an extraction
 * and an embedding per run); started at once, the replay phase shared the two cores with it and measured
 * the live side's leftovers as its own cost (the same replay moved between 40 and 64 cases/s).
 * Replays write no episode, so nothing is left behind the replay phase to wait for.
 */
export async function waitForEpisodes(test: TestPlatform, runIds: readonly string[], timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await test.platform.database.prisma.run.count({ where: { id: { in: [...runIds] }, episodePending: true } });
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} live run(s) still wait for their episode memory after ${timeoutMs} ms`);
    await sleep(100);
  }
}
