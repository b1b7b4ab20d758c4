import { assertJsonDepth, type Role } from '@agentloom/platform';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { TRPCContext } from '~/server/trpc/context';
import { errorField, errorKind, maskedMessage } from '~/server/trpc/domain-error-mapping';

/**
 * What a procedure declares about itself: the least role it needs (absent on public procedures);
 * `instanceAdmin` is the instance operator's session, which no tenant role reaches (ADR 0041).
 */
export interface ProcedureMeta {
  role?: Role | 'instanceAdmin';
}

/**
 * superjson, except that input it cannot decode (not an envelope, a broken `meta`) is the client's
 * mistake: BAD_REQUEST, not a TypeError that would surface as an internal error. The envelope's
 * `json` is walked first, iteratively: superjson copies it recursively, so nesting deeper than
 * `maximumJsonDepth` is refused as a `validation` error on `input` before it can overflow the stack
 * (ADR 0010). `storableInputMiddleware` checks the decoded input again, for callers without HTTP.
 */
const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (value: unknown): unknown => {
      assertJsonDepth(typeof value === 'object' && value !== null ? (value as { json?: unknown }).json : undefined, ['input']);
      try {
        return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
      } catch (error) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'The input is not a valid superjson envelope ({ json, meta? }).', cause: error });
      }
    },
  },
  output: superjson,
};

const t = initTRPC
  .context<TRPCContext>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
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
