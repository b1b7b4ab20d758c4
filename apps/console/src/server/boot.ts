import { consoleLogger, ignoreClosedOutput, keepServingOnUnhandledRejection } from '@agentloom/platform';
import { getEnvironment, InvalidEnvironmentError, type ConsoleEnvironment } from '~/env';
import { closePlatform, getPlatform } from '~/server/container';
import { refuseFetchForbiddenMethods } from '~/server/edge/fetch-forbidden-methods';
import { errorDetails } from '~/server/error-details';
import { startTelemetry } from '~/server/telemetry';

const bootedKey = Symbol.for('agentloom.console.booted');

/**
 * Runs once per server process (from instrumentation): validates the environment, opens the
 * platform so that migrations, the seeded admin key and the URL appear in the log at `npm start`,
 * and closes the database on shutdown.
 */
export async function bootConsole(): Promise<void> {
  const scope = globalThis as typeof globalThis & { [bootedKey]?: true };
  // Set before the first await: a second copy of this module must not boot again meanwhile.
  if (scope[bootedKey]) return;
  scope[bootedKey] = true;
  // The in-process executor holds runs beside the web server: one error nobody handled must not end
  // the process (it is still a bug, logged with its stack).
  keepServingOnUnhandledRejection(process, consoleLogger);
  // A closed log pipe must not turn every log line into an uncaught error (closed-output.ts).
  ignoreClosedOutput([process.stdout, process.stderr]);
  refuseFetchForbiddenMethods();

  const environment = validateEnvironmentOrExit();
  startTelemetry('agentloom-console', environment.telemetryEndpoint);
  registerShutdown();
  const url = `http://localhost:${environment.port}`;
  try {
    await getPlatform();
    consoleLogger.info(`AgentLoom console ready at ${url}`);
  } catch (error) {
    // A console that cannot reach its database at start is misconfigured (bad URL, wrong host,
    // locked data directory): say so in one line and exit non-zero, so scripts and orchestrators
    // notice at once. Later outages are different: pages explain and /api/health answers 503.
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[agentloom] Cannot start the console: ${reason}`);
    process.exit(1);
  }
}

function validateEnvironmentOrExit(): ConsoleEnvironment {
  try {
    return getEnvironment();
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    console.error(`[agentloom] Cannot start the console. ${error.message}`);
    process.exit(1);
  }
}

function registerShutdown(): void {
  const shutdown = (signal: NodeJS.Signals) => {
    // The start script sets NEXT_MANUAL_SIG_HANDLE, so Next installs no handler of its own: its handler
    // exited as soon as the HTTP server had closed (a few hundred milliseconds), cutting the executor's
    // drain short and leaving the run it held `running` under a dead lease. Here the process exits once
    // the platform has closed: the executor drained (runs given back when AGENTLOOM_DRAIN_TIMEOUT_MS
    // runs out, ADR 0108), then the database closed.
    closePlatform()
      .catch((error: unknown) => consoleLogger.error('Closing the database failed', errorDetails(error)))
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
