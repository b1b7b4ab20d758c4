import path from 'node:path';
import { consoleLogger, createPlatform, DomainError, loadScorerModules, loadToolModules, type Platform } from '@agentloom/platform';
import { getEnvironment } from '~/env';

/**
 * The console's one composition root: builds the Platform from the validated environment.
 *
 * The instance lives on `globalThis` because Next evaluates this module several times in one
 * process (instrumentation, route handlers and server components each get a copy); two PGlite
 * instances on one data directory corrupt it. A failed open is not kept, so the next request
 * tries again once the database is reachable.
 */
const holderKey = Symbol.for('agentloom.console.platform');

interface PlatformHolder {
  opening: Promise<Platform> | undefined;
  /** Set by `closePlatform` (shutdown): no platform is opened again, so no new executor claims runs while the old one drains. */
  closed: boolean;
}

function platformHolder(): PlatformHolder {
  const scope = globalThis as typeof globalThis & { [holderKey]?: PlatformHolder };
  scope[holderKey] ??= { opening: undefined, closed: false };
  return scope[holderKey];
}

export function getPlatform(): Promise<Platform> {
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    // `next build` prerenders static pages; opening the live data directory there would migrate it
    // and bake build-time numbers into HTML. A page reaching this line must be marked dynamic.
    throw new Error('The platform was requested during `next build`; mark the calling page dynamic.');
  }
  const holder = platformHolder();
  if (holder.closed) return Promise.reject(new DomainError('unavailable', 'The console is shutting down; retry shortly.'));
  if (holder.opening === undefined) {
    const opening = openPlatform();
    holder.opening = opening;
    opening.catch(() => {
      if (holder.opening === opening) holder.opening = undefined;
    });
  }
  return holder.opening;
}

/**
 * Closes the platform if it was opened (shutdown: the executor drains, then the database closes). Requests
 * that arrive meanwhile get `unavailable` (503) instead of opening a second platform, whose executor would
 * claim runs the process is about to abandon.
 */
export async function closePlatform(): Promise<void> {
  const holder = platformHolder();
  holder.closed = true;
  const opening = holder.opening;
  holder.opening = undefined;
  if (opening === undefined) return;
  const platform = await opening.catch(() => undefined);
  await platform?.close();
}

async function openPlatform(): Promise<Platform> {
  const environment = getEnvironment();
  // The same modules every worker loads (AGENTLOOM_TOOL_MODULES), before the database opens, so a
  // bad path stops the console at start and this executor never claims a run it cannot execute.
  const tools = await loadToolModules(environment.toolModules);
  // Custom evaluation scorers (ADR 0051): operator code, loaded and trusted like tool modules.
  const scorers = await loadScorerModules(environment.scorerModules);
  const platform = await createPlatform({
    database: {
      url: environment.databaseUrl,
      dataDirectory: environment.dataDirectory,
      migrationsDirectory: environment.migrationsDirectory,
    },
    // Next to the data so that `npm start` users (and the e2e suite) find the first admin key.
    adminKeyPath: path.join(/*turbopackIgnore: true*/ environment.dataDirectory, 'admin-key'),
    operatorKeyPath: path.join(/*turbopackIgnore: true*/ environment.dataDirectory, 'operator-key'),
    tools,
    scorers,
    executor: {
      concurrency: environment.executor.concurrency,
      leaseMs: environment.executor.leaseMs,
      heartbeatMs: environment.executor.heartbeatMs,
      pollMs: environment.executor.pollMs,
      recoveryIntervalMs: environment.executor.recoveryIntervalMs,
      toolAbortGraceMs: environment.executor.toolAbortGraceMs,
      drainTimeoutMs: environment.executor.drainTimeoutMs,
    },
    outbound: { allowPrivateTargets: environment.outbound.allowPrivateTargets },
    mcp: { stdioAllowList: environment.mcp.stdioAllowList },
    ...(environment.secrets ? { secrets: environment.secrets } : {}),
    auth: environment.auth,
    bounds: environment.bounds,
    memory: { embedder: environment.memoryEmbedder, warmUp: true },
    logger: consoleLogger,
  });
  // The in-process executor picks up runs left queued (or with expired leases) at boot and every
  // run created through this console; dedicated workers can share the load on a Postgres server.
  if (tools.length > 0) consoleLogger.info('Tool modules loaded', { tools: tools.map((tool) => `${tool.name} (${tool.sideEffects})`) });
  if (environment.executor.enabled) await platform.executor.start();
  return platform;
}
