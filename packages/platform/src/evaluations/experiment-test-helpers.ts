import { expect } from 'vitest';

import type { Principal } from '../auth/roles';
import type { TestPlatform } from '../testing';
import type { ExperimentView } from './experiment-view';

/**
 * Reads the experiment until every case is scored (reading scores the finished replays) and returns
 * that view; fails the test if it is not completed within `timeoutMs`.
 */
export async function completedExperiment(test: TestPlatform, principal: Principal, experimentId: string, timeoutMs = 60_000): Promise<ExperimentView> {
  let view: ExperimentView | undefined;
  await expect
    .poll(
      async () => {
        view = await test.platform.experiments.get(principal, { experimentId });
        return view.status;
      },
      { timeout: timeoutMs },
    )
    .toBe('completed');
  return view!;
}
