import { z } from 'zod';

/** Largest event payload accepted (serialized JSON); it becomes a tool result, which is capped anyway. */
export const maxEventPayloadBytes = 64 * 1024;

export const correlationKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,200}$/, 'letters, digits and . _ : - only, at most 200 characters')
  .describe('The key the waiting run gave its wait_for_event call');

export const deliverEventInputSchema = z.object({
  correlationKey: correlationKeySchema,
  payload: z
    .json()
    .default(null)
    .refine((payload) => Buffer.byteLength(JSON.stringify(payload), 'utf8') <= maxEventPayloadBytes, `at most ${maxEventPayloadBytes} bytes of JSON`)
    .describe('Any JSON; the waiting tool call returns it as its result'),
});
export type DeliverEventInput = z.input<typeof deliverEventInputSchema>;

export const listRunWaitsInputSchema = z.object({ runId: z.uuid() });
