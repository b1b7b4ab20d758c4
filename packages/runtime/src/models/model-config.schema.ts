import { z } from 'zod';

/** Prices in US dollars per million tokens, used to put a cost on every call. */
export const modelPricingSchema = z.object({
  inputPerMillion: z.number().nonnegative(),
  outputPerMillion: z.number().nonnegative(),
  /** Price of input tokens read from the provider's prompt cache; absent: they cost `inputPerMillion` (ADR 0063). */
  cachedInputPerMillion: z.number().nonnegative().optional(),
});

/**
 * One model endpoint. `openai` speaks the Chat Completions API (the wire format every
 * OpenAI-compatible server also speaks); `openai-compatible` covers Ollama, vLLM, LM Studio
 * and needs a `baseURL`.
 */
export const modelConfigSchema = z
  .object({
    provider: z.enum(['openai', 'anthropic', 'openai-compatible']),
    model: z.string().min(1),
    baseURL: z.url().optional(),
    apiKey: z.string().min(1).optional(),
    contextWindowTokens: z.number().int().positive().optional(),
    pricing: modelPricingSchema.optional(),
  })
  .refine((config) => config.provider !== 'openai-compatible' || config.baseURL !== undefined, {
    message: 'openai-compatible models need a baseURL',
    path: ['baseURL'],
  });

/** How often and how patiently one model is retried before the gateway moves on. */
export const retryConfigSchema = z.object({
  /** Attempts per model, the first one included. */
  maxAttempts: z.number().int().min(1).default(3),
  initialDelayMs: z.number().int().nonnegative().default(500),
  maxDelayMs: z.number().int().nonnegative().default(20_000),
  /** A Retry-After longer than this is not waited for: the gateway falls back instead. */
  maxRetryAfterMs: z.number().int().nonnegative().default(60_000),
});

/** Prices of one model in US dollars per million tokens. */
export type ModelPricing = z.infer<typeof modelPricingSchema>;
/** One validated model endpoint configuration. */
export type ModelConfig = z.infer<typeof modelConfigSchema>;
/** Validated retry policy, defaults applied. */
export type RetryConfig = z.infer<typeof retryConfigSchema>;
/** Retry settings as written by a user; missing fields take the defaults. */
export type RetryConfigInput = z.input<typeof retryConfigSchema>;
