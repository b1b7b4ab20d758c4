import { z } from 'zod';

/** Dollars per million tokens with at most six decimals (the columns' precision), below $100 million. */
const usdPerMillionSchema = z
  .number()
  .nonnegative()
  .max(99_999_999)
  .refine((value) => Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6, 'at most six decimals');

/** Which model a price is for: the provider and model id exactly as a model config names them. */
const modelKeySchema = z.object({
  provider: z.string().trim().min(1).max(100),
  model: z.string().trim().min(1).max(200),
});

export const setModelPriceInputSchema = modelKeySchema
  .extend({
    inputUsdPerMillion: usdPerMillionSchema,
    outputUsdPerMillion: usdPerMillionSchema,
    /** Price of input tokens read from the provider's prompt cache (ADR 0063); null: they cost the input price. */
    cachedInputUsdPerMillion: usdPerMillionSchema.nullable().default(null),
  })
  .strict();
export type SetModelPriceInput = z.input<typeof setModelPriceInputSchema>;

export const removeModelPriceInputSchema = modelKeySchema.strict();
export type RemoveModelPriceInput = z.input<typeof removeModelPriceInputSchema>;
