import { z } from 'zod';

import { timestampSchema, viewRegistry } from './view-registry';

export const runWaitSchema = z
  .object({
    id: z.string(),
    runId: z.string(),
    callId: z.string().describe('The tool call that waits (sleep, wait_until or wait_for_event).'),
    kind: z.enum(['timer', 'event']),
    status: z.enum(['pending', 'delivered', 'completed', 'cancelled']).describe('`completed`: the timer elapsed or the event timed out.'),
    correlationKey: z.string().nullable().describe('The key an event is delivered with; null for a timer.'),
    wakeAt: timestampSchema.nullable().describe("The timer's end or the event's timeout; null waits for the event without limit."),
    deliveredAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'RunWait' });

export const runWaitListSchema = z.object({ waits: z.array(runWaitSchema) }).register(viewRegistry, { id: 'RunWaitList' });

export const eventDeliverySchema = z
  .object({
    runId: z.string(),
    callId: z.string(),
    correlationKey: z.string(),
    deliveredAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'EventDelivery' });
