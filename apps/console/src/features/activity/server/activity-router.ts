import type { TRPCRouterRecord } from '@trpc/server';
import { streamSignal } from '~/server/http/stream-signal';
import { viewerProcedure } from '~/server/trpc/procedures';

export const activityRouter = {
  /**
   * Ids of the caller's runs that changed (coalesced to one message a second at most). Live lists
   * invalidate on it; one SSE connection serves every list on the page.
   */
  live: viewerProcedure.subscription(({ ctx, signal }) =>
    // Ends when the client goes away or the key is revoked (or the session ends) on any console.
    changedRuns(ctx.platform.activity.watch(ctx.principal, streamSignal(ctx.platform, ctx.principal, signal).signal)),
  ),
} satisfies TRPCRouterRecord;

async function* changedRuns(stream: AsyncGenerator<{ kind: 'changed'; runIds: string[] } | { kind: 'heartbeat' }>) {
  for await (const item of stream) {
    if (item.kind === 'changed') yield item.runIds;
  }
}
