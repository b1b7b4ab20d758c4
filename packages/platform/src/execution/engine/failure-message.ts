/**
 * What a failed run's error says (`runs.error_message`, the `run-finished` event, `run.failed`
 * webhooks): the message of a failure that has a kind (a model refused, a tool server was unreachable,
 * the config is invalid) is written for its readers. A failure without one is a bug of ours, and its
 * message may be a driver's dump — a query, a server path, row ids — that every viewer of the run, and
 * every webhook receiver, would read; it says where the detail is instead (the executor's log, which
 * keeps the whole message under the run's id and attempt).
 */
export function storedFailureMessage(errorKind: string, error: unknown, run: { id: string; attempt: number }): string {
  if (errorKind !== 'internal') return error instanceof Error ? error.message : String(error);
  return `Internal error in the executor; its log has the details (run ${run.id}, attempt ${run.attempt})`;
}
