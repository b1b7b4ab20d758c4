import { z } from 'zod';

import { instantSchema } from '../validation/instant.schema';

export const listAuditInputSchema = z
  .object({
    /** Exact action name, e.g. `agent.save-version`; see `AuditService.actions` for the ones in use. */
    action: z.string().trim().min(1).max(100).optional(),
    /** An API key id, or a system actor's name such as `retention`. */
    actorId: z.string().trim().min(1).max(200).optional(),
    targetType: z.string().trim().min(1).max(100).optional(),
    targetId: z.string().trim().min(1).max(200).optional(),
    /** Inclusive lower bound on `createdAt`. */
    from: instantSchema.optional(),
    /** Exclusive upper bound on `createdAt` (a day means "before that day starts"). */
    to: instantSchema.optional(),
    /** Id of the last entry of the previous page. */
    cursor: z.uuid().optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .default({ limit: 50 });
export type ListAuditInput = z.input<typeof listAuditInputSchema>;
