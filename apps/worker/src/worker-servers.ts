import type { Platform } from '@agentloom/platform';

import type { WorkerEnvironment } from './env';
import { startWorkerHealthServer } from './health-server';
import { startMetricsServer } from './metrics-server';

/** A port the worker must serve on cannot be bound; the message is one line naming the variable. */
export class PortUnavailableError extends Error {
  readonly kind = 'port-unavailable';
  override readonly name = 'PortUnavailableError';
}

/** The worker's HTTP servers; each is absent when its port variable is unset. */
export interface WorkerServers {
  health: { port: number; close(): Promise<void> } | undefined;
  metrics: { port: number; close(): Promise<void> } | undefined;
}

/**
 * Binds the probe and metrics ports. The worker calls this before its executor starts, so a port
 * that cannot be bound stops it before it has claimed a run: a claimed run left behind by a worker
 * that then exits stays `running` until its lease expires, and its recovery costs it an attempt.
 */
export async function startWorkerServers(environment: WorkerEnvironment, platform: Platform): Promise<WorkerServers> {
  const healthPort = environment.AGENTLOOM_WORKER_HEALTH_PORT;
  const metricsPort = environment.AGENTLOOM_METRICS_PORT;
  const health =
    healthPort === undefined
      ? undefined
      : await explainListenFailure('AGENTLOOM_WORKER_HEALTH_PORT', healthPort, () => startWorkerHealthServer(healthPort, () => platform.health.report()));
  try {
    const metrics =
      metricsPort === undefined
        ? undefined
        : await explainListenFailure('AGENTLOOM_METRICS_PORT', metricsPort, () =>
            startMetricsServer(platform.metrics, metricsPort, environment.AGENTLOOM_METRICS_TOKEN),
          );
    return { health, metrics };
  } catch (error) {
    await health?.close();
    throw error;
  }
}

async function explainListenFailure<Server>(variable: string, port: number, listen: () => Promise<Server>): Promise<Server> {
  try {
    return await listen();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new PortUnavailableError(`${variable} ${port} is in use (another process listens on it)`, { cause: error });
    if (code === 'EACCES')
      throw new PortUnavailableError(`${variable} ${port} may not be bound by this user (ports below 1024 need privileges)`, { cause: error });
    throw error;
  }
}
