import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { TRPCContext } from '~/server/trpc/context';
import { errorField, maskedMessage } from '~/server/trpc/domain-error-mapping';

const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    // The error middleware already maps and masks errors raised in procedures; this also covers
    // failures before any middleware ran (malformed batch, unknown procedure).
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: maskedMessage(error),
      data: { ...data, field: errorField(error) },
    };
  },
});

export const createTRPCRouter = t.router;
export const createMiddleware = t.middleware;
export const baseProcedure = t.procedure;
