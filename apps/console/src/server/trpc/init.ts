import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { TRPCContext } from '~/server/trpc/context';
import { errorField, errorKind, maskedMessage } from '~/server/trpc/domain-error-mapping';

const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  // Live run events and tenant activity stream over SSE. Pings keep idle streams open through
  // proxies; a client that hears nothing (not even a ping) for longer reconnects and resumes from
  // its last tracked event id.
  sse: {
    ping: { enabled: true, intervalMs: 10_000 },
    client: { reconnectAfterInactivityMs: 25_000 },
  },
  errorFormatter({ shape, error }) {
    // The error middleware already maps and masks errors raised in procedures; this also covers
    // failures before any middleware ran (malformed batch, unknown procedure). `kind` is the same
    // error kind the REST API answers with, so clients handle both transports alike.
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: maskedMessage(error),
      data: { ...data, kind: errorKind(error), field: errorField(error) },
    };
  },
});

export const createTRPCRouter = t.router;
export const createMiddleware = t.middleware;
export const baseProcedure = t.procedure;
