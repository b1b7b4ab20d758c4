import { databaseIntegerSchema, isDatabaseInteger } from '@agentloom/platform';
import { z } from 'zod';

/** A page of a run's event log (the platform validates again; this is the transport contract). */
export const listRunEventsInputSchema = z.object({
  runId: z.uuid(),
  /** Last sequence number already shown; 0 starts at the first event. */
  cursor: databaseIntegerSchema.min(0).nullish(),
  limit: z.number().int().min(1).max(1_000).default(200),
  /** Only events of these types, filtered on the server. */
  types: z.array(z.string().trim().min(1).max(100)).min(1).max(50).optional(),
});

/**
 * The live event stream. `lastEventId` is filled in by tRPC's SSE link when it reconnects (the
 * `tracked()` id of the last event it received), so a dropped connection resumes without gaps.
 */
export const liveRunEventsInputSchema = z.object({
  runId: z.uuid(),
  lastEventId: z
    .string()
    .regex(/^\d+$/, 'lastEventId must be an event sequence number')
    .refine((value) => isDatabaseInteger(Number(value)), 'lastEventId must be at most 2147483647')
    .nullish(),
});

export const listRunMessagesInputSchema = z.object({
  runId: z.uuid(),
  /** Index of the last message already shown. */
  cursor: databaseIntegerSchema.min(-1).nullish(),
  limit: z.number().int().min(1).max(500).default(100),
});
