import { AuthenticationThrottledError } from '../authentication-throttled-error';

/** The 429 an attempt was refused with; undefined when it was answered. Any other error fails the test. */
export async function throttled(attempt: Promise<unknown>): Promise<AuthenticationThrottledError | undefined> {
  try {
    await attempt;
    return undefined;
  } catch (error) {
    if (error instanceof AuthenticationThrottledError) return error;
    throw error;
  }
}
