import type { Logger } from './logger';

/** The log line the safety net writes; tests and operators search logs for it. */
export const unhandledRejectionMessage = 'Unhandled rejection: a bug (an error nobody handled); the process keeps serving';

/** What the net needs of `process`: an emitter of `unhandledRejection`. */
export interface RejectionSource {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/**
 * The last line of defence for a long-running process (worker, console): an unhandled rejection is
 * logged with its stack and the process keeps serving its other runs, instead of Node's default of
 * crashing — which took down every run of a worker for one cancelled tool call. It is a net, not a
 * fix: every rejection it catches is a bug to fix where it happens.
 */
export function keepServingOnUnhandledRejection(source: RejectionSource, logger: Logger): void {
  source.on('unhandledRejection', (reason) => {
    logger.error(unhandledRejectionMessage, { error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason) });
  });
}
