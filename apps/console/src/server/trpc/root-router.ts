import { healthRouter } from '~/features/health/server/health-router';
import { sessionRouter } from '~/features/session/server/session-router';
import { createTRPCRouter } from '~/server/trpc/init';

/** Every feature's router, composed once; the client's types come from here. */
export const appRouter = createTRPCRouter({
  health: healthRouter,
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;
