import type { ActivityRows, Principal, TenantActivityItem } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { streamSignal } from '~/server/http/stream-signal';
import { viewerProcedure } from '~/server/trpc/procedures';

/**
 * What a live list hears: the server listens now (`ready`), or these runs of the caller's tenant
 * changed — with their rows (`rows`), so lists patch themselves (ADR 0064); `rows` is null when the
 * message cannot tell (too many runs, or everything after a reconnect): then lists refetch.
 */
export type ActivityMessage = { kind: 'ready' } | { kind: 'changed'; runIds: string[]; rows: ActivityRows | null };

/** Reads the rows of the runs a message names; undefined when they cannot tell. */
type ReadRows = (runIds: readonly string[]) => Promise<ActivityRows | undefined>;

export const activityRouter = {
  /**
   * `ready` once the server listens for the caller's tenant, then the runs that changed and their
   * rows: the first change after a quiet spell at once, later ones at most every 250 ms. Live lists
   * patch their rows from it; one SSE connection serves every list on the page.
   */
  live: viewerProcedure.subscription(({ ctx, signal }) =>
    // Ends when the client goes away or the key is revoked (or the session ends) on any console.
    activityMessages(
      ctx.platform.activity.watch(ctx.principal, streamSignal(ctx.platform, ctx.principal, signal).signal),
      readRowsFor(ctx.platform.activity, ctx.principal),
    ),
  ),
} satisfies TRPCRouterRecord;

function readRowsFor(activity: { rowsOf(principal: Principal, runIds: readonly string[]): Promise<ActivityRows | undefined> }, principal: Principal): ReadRows {
  return (runIds) => activity.rowsOf(principal, runIds);
}

async function* activityMessages(stream: AsyncGenerator<TenantActivityItem>, readRows: ReadRows): AsyncGenerator<ActivityMessage> {
  for await (const item of stream) {
    if (item.kind === 'heartbeat') continue;
    if (item.kind === 'ready') {
      yield item;
      continue;
    }
    // Read after the change committed (the notification is sent on commit): the rows include it.
    yield { kind: 'changed', runIds: item.runIds, rows: (await readRows(item.runIds)) ?? null };
  }
}
