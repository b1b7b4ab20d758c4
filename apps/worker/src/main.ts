import { consoleLogger, ignoreClosedOutput, isDomainError, keepServingOnUnhandledRejection, ToolModuleError } from '@agentloom/platform';

import { createWorkerContainer } from './container';
import { readEnvironment } from './env';
import { startTelemetry } from './telemetry';
import { PortUnavailableError, startWorkerServers } from './worker-servers';

/**
 * Headless worker process: connects to the shared Postgres server, applies pending migrations,
 * reports ready, and shuts down cleanly on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  // A worker holds many runs: one error nobody handled must not end all of them (it is still a bug).
  keepServingOnUnhandledRejection(process, consoleLogger);
  // A closed log pipe must not turn every log line into an uncaught error (closed-output.ts).
  ignoreClosedOutput([process.stdout, process.stderr]);
  const environment = readEnvironment();
  if ('errors' in environment) {
    for (const error of environment.errors) console.error(`[agentloom] worker: ${error}`);
    process.exit(2);
  }
  const telemetry = await startTelemetry('agentloom-worker', environment.OTEL_EXPORTER_OTLP_ENDPOINT);
  const { platform } = await createWorkerContainer(environment);
  // The ports are bound before the executor claims anything: a worker that cannot serve its probes
  // exits holding no run (the executor is idle, so closing the platform releases nothing).
  const { health: healthServer, metrics: metricsServer } = await startWorkerServers(environment, platform).catch(async (error: unknown) => {
    await platform.close();
    throw error;
  });

  let stopping = false;
  let executorStarting: Promise<void> = Promise.resolve();
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`Worker stopping (${signal}): draining in-flight runs`);
    // A signal while the executor starts: let the start finish, then drain what it claimed.
    await executorStarting.catch(() => undefined);
    // The drain first: nothing before it may wait on a client (a half-sent scrape held the metrics
    // server's close, and with it the drain, for a minute). The servers answer until it is done.
    await platform.close();
    await metricsServer?.close();
    await healthServer?.close();
    await telemetry.stop();
    consoleLogger.info('Worker stopped');
    process.exit(0);
  };
  // Listening before the executor starts (and before saying ready): until a listener exists the OS
  // default for SIGTERM (terminate at once) applies, which would strand every run claimed so far.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  if (healthServer) consoleLogger.info(`Worker probes on :${healthServer.port} (/healthz, /readyz)`);
  if (metricsServer) consoleLogger.info(`Worker metrics on :${metricsServer.port}/metrics`);
  executorStarting = platform.executor.start();
  await executorStarting;
  if (stopping) return;
  consoleLogger.info('Worker ready', { database: platform.database.location, executor: platform.executor.owner, concurrency: platform.executor.concurrency });
}

main().catch((error: unknown) => {
  // Expected start-up failures get their one clear line; anything else keeps its stack.
  const message = isDomainError(error) || error instanceof ToolModuleError || error instanceof PortUnavailableError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[agentloom] worker failed to start: ${message}`);
  process.exit(1);
});
