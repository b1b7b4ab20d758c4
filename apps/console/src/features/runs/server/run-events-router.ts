import type { RunEventStreamItem } from '@agentloom/platform';
import { tracked, type TRPCRouterRecord } from '@trpc/server';
import { listRunEventsInputSchema, liveRunEventsInputSchema } from '~/features/runs/runs.schema';
import { streamSignal } from '~/server/http/stream-signal';
import { viewerProcedure } from '~/server/trpc/procedures';

export const runEventsRouter = {
  /** A page of the log after `cursor` (a seq), oldest first. */
  list: viewerProcedure
    .input(listRunEventsInputSchema)
    .query(({ ctx, input }) => ctx.platform.runEvents.list(ctx.principal, { runId: input.runId, afterSeq: input.cursor ?? 0, limit: input.limit, ...(input.types ? { types: input.types } : {}) })),
  /**
   * Replays the log after `lastEventId`, then tails it until `run-finished`. The stream is opened
   * (and access checked) before the generator is returned, so an unknown run is a NOT_FOUND through
   * the error middleware rather than an error in the middle of the stream.
   */
  live: viewerProcedure.input(liveRunEventsInputSchema).subscription(async ({ ctx, input, signal }) => {
    const afterSeq = input.lastEventId ? Number(input.lastEventId) : 0;
    const { signal: untilClosedOrRevoked } = streamSignal(ctx.platform, ctx.principal, signal);
    const stream = await ctx.platform.runEvents.stream(ctx.principal, { runId: input.runId, afterSeq }, untilClosedOrRevoked);
    return trackedEvents(stream);
  }),
} satisfies TRPCRouterRecord;

/** Heartbeats stay on the server: tRPC's SSE pings keep the connection alive on their own. */
async function* trackedEvents(stream: AsyncGenerator<RunEventStreamItem>) {
  for await (const item of stream) {
    if (item.kind !== 'events') continue;
    for (const event of item.events) yield tracked(String(event.seq), event);
  }
}
