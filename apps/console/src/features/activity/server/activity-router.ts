import type { TenantActivityItem } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { streamSignal } from '~/server/http/stream-signal';
import { viewerProcedure } from '~/server/trpc/procedures';

/** What a live list hears: the server listens now (`ready`), or these runs of the caller's tenant changed. */
export type ActivityMessage = { kind: 'ready' } | { kind: 'changed'; runIds: string[] };

export const activityRouter = {
  /**
   * `ready` once the server listens for the caller's tenant, then the ids of runs that changed: the
   * first change after a quiet spell at once, later ones at most every 250 ms. Live lists refresh on
   * it; one SSE connection serves every list on the page.
   */
  live: viewerProcedure.subscription(({ ctx, signal }) =>
    // Ends when the client goes away or the key is revoked (or the session ends) on any console.
    activityMessages(ctx.platform.activity.watch(ctx.principal, streamSignal(ctx.platform, ctx.principal, signal).signal)),
  ),
} satisfies TRPCRouterRecord;

async function* activityMessages(stream: AsyncGenerator<TenantActivityItem>): AsyncGenerator<ActivityMessage> {
  for await (const item of stream) {
    if (item.kind !== 'heartbeat') yield item;
  }
}
