/** Stable across retries and resumes of the same call, distinct across runs. */
export function idempotencyKeyFor(instanceId: string, callId: string): string {
  return `${instanceId}:${callId}`;
}
