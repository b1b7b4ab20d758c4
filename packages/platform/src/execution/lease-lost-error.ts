/**
 * This executor no longer holds the run's lease (it expired and another executor claimed it, or the
 * run was cancelled while queued). Its pending writes are rolled back; the holder carries on.
 */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';

  constructor(readonly runId: string) {
    super(`Lost the lease on run ${runId}; another executor owns it now`);
  }
}
