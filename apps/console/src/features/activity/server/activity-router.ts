import type { TRPCRouterRecord } from '@trpc/server';
import { viewerProcedure } from '~/server/trpc/procedures';

export const activityRouter = {
  /**
   * Ids of the caller's runs that changed (coalesced to one message a second at most). Live lists
   * invalidate on it; one SSE connection serves every list on the page.
   */
  live: viewerProcedure.subscription(({ ctx, signal }) => changedRuns(ctx.platform.activity.watch(ctx.principal, signal ?? new AbortController().signal))),
} satisfies TRPCRouterRecord;

async function* changedRuns(stream: AsyncGenerator<{ kind: 'changed'; runIds: string[] } | { kind: 'heartbeat' }>) {
  for await (const item of stream) {
    if (item.kind === 'changed') yield item.runIds;
  }
}
