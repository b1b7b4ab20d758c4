import { z } from 'zod';

import { timestampSchema, viewRegistry } from './view-registry';

/** One price of the tenant's price table (`platform.modelPrices` → `ModelPriceView`). */
export const modelPriceSchema = z
  .object({
    provider: z.string().describe('As model configs name it: openai, anthropic, openai-compatible.'),
    model: z.string().describe('The model id as model configs name it.'),
    inputUsdPerMillion: z.number(),
    outputUsdPerMillion: z.number(),
    cachedInputUsdPerMillion: z.number().nullable().describe('Price of input tokens the provider read from its prompt cache (as the AI SDK reports them); null: they cost the input price.'),
    updatedAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'ModelPrice' });

export const modelPriceListSchema = z.object({ prices: z.array(modelPriceSchema) }).register(viewRegistry, { id: 'ModelPriceList' });
