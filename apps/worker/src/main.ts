import { consoleLogger, isDomainError, keepServingOnUnhandledRejection, ToolModuleError } from '@agentloom/platform';

import { createWorkerContainer } from './container';
import { readEnvironment } from './env';
import { startWorkerHealthServer } from './health-server';
import { startMetricsServer } from './metrics-server';
import { startTelemetry } from './telemetry';

/**
 * Headless worker process: connects to the shared Postgres server, applies pending migrations,
 * reports ready, and shuts down cleanly on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  // A worker holds many runs: one error nobody handled must not end all of them (it is still a bug).
  keepServingOnUnhandledRejection(process, consoleLogger);
  const environment = readEnvironment();
  if ('errors' in environment) {
    for (const error of environment.errors) console.error(`[agentloom] worker: ${error}`);
    process.exit(2);
  }
  const telemetry = await startTelemetry('agentloom-worker', environment.OTEL_EXPORTER_OTLP_ENDPOINT);
  const { platform } = await createWorkerContainer(environment);
  await platform.executor.start();
  const healthPort = environment.AGENTLOOM_WORKER_HEALTH_PORT;
  const healthServer = healthPort === undefined ? undefined : await startWorkerHealthServer(healthPort, () => platform.health.report());
  const metricsServer = environment.AGENTLOOM_METRICS_PORT
    ? await startMetricsServer(platform.metrics, environment.AGENTLOOM_METRICS_PORT, environment.AGENTLOOM_METRICS_TOKEN)
    : undefined;
  if (metricsServer) consoleLogger.info(`Worker metrics on :${metricsServer.port}/metrics`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`Worker stopping (${signal}): draining in-flight runs`);
    await metricsServer?.close();
    await platform.close();
    await healthServer?.close();
    await telemetry.stop();
    consoleLogger.info('Worker stopped');
    process.exit(0);
  };
  // Listening before saying ready: until a listener exists the OS default for SIGTERM (terminate at
  // once) applies, and a supervisor that stops the worker as soon as it reads "ready" would kill it.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  consoleLogger.info('Worker ready', { database: platform.database.location, executor: platform.executor.owner, concurrency: platform.executor.concurrency });
}

main().catch((error: unknown) => {
  // Expected start-up failures get their one clear line; anything else keeps its stack.
  const message = isDomainError(error) || error instanceof ToolModuleError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[agentloom] worker failed to start: ${message}`);
  process.exit(1);
});
