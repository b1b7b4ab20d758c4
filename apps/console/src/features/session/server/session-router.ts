import type { TRPCRouterRecord } from '@trpc/server';
import { publicProcedure } from '~/server/trpc/procedures';

export const sessionRouter = {
  /** Who the session cookie belongs to, or null when signed out or the key was revoked. */
  me: publicProcedure.query(({ ctx }) => ctx.principal),
} satisfies TRPCRouterRecord;
