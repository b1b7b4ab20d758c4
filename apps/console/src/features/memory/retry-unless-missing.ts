/** How often a failed read is retried; a read of something that does not exist is not retried. */
const maximumRetries = 3;

/**
 * Query `retry` option: retry transient failures, but show "not found" at once (a deleted thread
 * or a forgotten memory will not come back by asking again).
 */
export function retryUnlessMissing(failureCount: number, error: { data?: { code?: string } | null }): boolean {
  // A malformed id (BAD_REQUEST) is not found either, however often it is asked for.
  return error.data?.code !== 'NOT_FOUND' && error.data?.code !== 'BAD_REQUEST' && failureCount < maximumRetries;
}
