import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { parseRunEventsNotification, runEventsChannel } from '../events/run-event';
import type { RunEventWatchers } from '../events/run-event-watchers';
import type { Logger } from '../logging/logger';
import { maximumActivityRuns, readActivityRows, type ActivityRows } from './activity-rows';

export type TenantActivityItem =
  /** Sent once, when the service listens for the tenant's changes: from here on, no change is missed. */
  | { kind: 'ready' }
  | { kind: 'changed'; runIds: string[] }
  | { kind: 'heartbeat' };

export interface WatchTenantOptions {
  /**
   * Least time between two messages. The first change after a quiet spell goes out at once; changes
   * during the window after a message are delivered together when it ends, so a busy tenant costs
   * at most one refetch per window and a lone change costs no wait at all.
   */
  minimumIntervalMs?: number;
  /** Quiet time after which a heartbeat is yielded. */
  heartbeatMs?: number;
}

/** Default window: a change is on screen within ~this plus one refetch, even on a busy tenant. */
export const defaultActivityIntervalMs = 250;

interface Watcher {
  tenantId: string;
  changedRunIds: Set<string>;
  wake: (() => void) | undefined;
}

/** Runs seen recently; an event notification names only the run, and this avoids a lookup per event. */
const tenantCacheSize = 10_000;

/**
 * "Something changed in these runs of your tenant": the signal live lists (runs, approvals, the
 * pending badge) follow, over one connection per browser tab instead of one per run. It listens to
 * the same per-event notification as the run event hub and only resolves which tenant a run belongs
 * to; it never reads events. `rowsOf` reads the changed runs' rows for a message, so lists patch
 * themselves instead of refetching (ADR 0064). Listening starts with the first watcher.
 */
export class TenantActivityService {
  private readonly watchers = new Set<Watcher>();
  private readonly tenantByRun = new Map<string, string>();
  private listening: Promise<() => Promise<void>> | undefined;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    /** Registers each watched tenant, so writers notify for its runs (ADR 0038). */
    private readonly runEventWatchers?: RunEventWatchers,
  ) {}

  async *watch(principal: Principal, signal: AbortSignal, options: WatchTenantOptions = {}): AsyncGenerator<TenantActivityItem> {
    const minimumIntervalMs = options.minimumIntervalMs ?? defaultActivityIntervalMs;
    const heartbeatMs = options.heartbeatMs ?? 15_000;
    const watcher: Watcher = { tenantId: principal.tenantId, changedRunIds: new Set(), wake: undefined };
    this.watchers.add(watcher);
    const hold = this.runEventWatchers?.watch({ tenantId: principal.tenantId });
    try {
      await this.startListening();
      // Writers notify this tenant's runs once its watcher row is committed (ADR 0038): only then is it ready.
      await hold?.ready;
      if (signal.aborted) return;
      yield { kind: 'ready' };
      let lastSentAt = Number.NEGATIVE_INFINITY;
      while (!signal.aborted) {
        if (watcher.changedRunIds.size === 0) {
          const woke = await waitForWake(watcher, heartbeatMs, signal);
          if (!woke) {
            if (!signal.aborted) yield { kind: 'heartbeat' };
            continue;
          }
        }
        // Leading edge: no wait after a quiet spell; within the window, wait for its end and
        // deliver everything that changed meanwhile in one message.
        const wait = lastSentAt + minimumIntervalMs - performance.now();
        if (wait > 0) await delay(wait, signal);
        if (signal.aborted) return;
        const runIds = [...watcher.changedRunIds];
        watcher.changedRunIds.clear();
        lastSentAt = performance.now();
        yield { kind: 'changed', runIds };
      }
    } finally {
      this.watchers.delete(watcher);
      hold?.release();
    }
  }

  /**
   * The rows of the runs a `changed` item names, for lists that patch themselves (ADR 0064);
   * undefined when they cannot be told that way (too many runs, or `*`): refetch.
   */
  rowsOf(principal: Principal, runIds: readonly string[]): Promise<ActivityRows | undefined> {
    return readActivityRows(this.database, principal, runIds);
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening)();
  }

  private startListening(): Promise<() => Promise<void>> {
    this.listening ??= this.database.notifications.listen(runEventsChannel, {
      onNotification: (payload) => void this.onRunEvent(parseRunEventsNotification(payload)),
      // Notifications may have been lost while reconnecting: tell everyone to refetch.
      onReconnected: () => {
        for (const watcher of this.watchers) {
          markChanged(watcher, everyRun);
          watcher.wake?.();
        }
      },
    });
    // A failed LISTEN is not kept, so the next watcher tries again.
    this.listening.catch(() => (this.listening = undefined));
    return this.listening;
  }

  private async onRunEvent({ runId, tenantId: notifiedTenantId }: { runId: string; tenantId: string | undefined }): Promise<void> {
    if (this.watchers.size === 0 || runId === '') return;
    // Only a notification from an older writer lacks the tenant (a rolling upgrade): look it up.
    const tenantId = notifiedTenantId ?? (await this.tenantOf(runId).catch((error: unknown) => {
      this.logger.warn('Tenant activity: could not resolve the tenant of a run', { runId, error: String(error) });
      return undefined;
    }));
    if (tenantId === undefined) return;
    for (const watcher of this.watchers) {
      if (watcher.tenantId !== tenantId) continue;
      markChanged(watcher, runId);
      watcher.wake?.();
    }
  }

  private async tenantOf(runId: string): Promise<string | undefined> {
    const cached = this.tenantByRun.get(runId);
    if (cached !== undefined) return cached;
    const run = await this.database.prisma.run.findUnique({ where: { id: runId }, select: { tenantId: true } });
    if (!run) return undefined;
    if (this.tenantByRun.size >= tenantCacheSize) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.tenantByRun.keys().next().value;
      if (oldest !== undefined) this.tenantByRun.delete(oldest);
    }
    this.tenantByRun.set(runId, run.tenantId);
    return run.tenantId;
  }
}

/** What a message says when its lists cannot be patched run by run: refetch. */
const everyRun = '*';

/**
 * Adds a changed run to what the watcher's next message carries, bounded: past the rows one message
 * can patch (`maximumActivityRuns`), or once every run is marked, the set is just `*` (refetch),
 * which says as much as any longer list. A client that stops reading while a busy tenant's runs keep
 * changing would otherwise make the server hold one id per changed run until it read again.
 */
function markChanged(watcher: Watcher, runId: string): void {
  const changed = watcher.changedRunIds;
  if (changed.has(everyRun) || changed.has(runId)) return;
  if (runId === everyRun || changed.size >= maximumActivityRuns) {
    changed.clear();
    changed.add(everyRun);
    return;
  }
  changed.add(runId);
}

function waitForWake(watcher: Watcher, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (woke: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      watcher.wake = undefined;
      resolve(woke);
    };
    const onAbort = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    watcher.wake = () => finish(true);
  });
}

function delay(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, milliseconds);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
