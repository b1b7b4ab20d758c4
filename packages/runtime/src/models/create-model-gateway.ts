import { z } from 'zod';
import { AiSdkModelGateway } from './ai-sdk-model-gateway';
import type { FetchFunction } from './create-language-model';
import type { ModelFallbackEvent, ModelRetryEvent } from './gateway-events';
import { modelConfigSchema, retryConfigSchema, type RetryConfigInput } from './model-config.schema';
import { ModelGatewayError } from './model-gateway-error';

/** Everything besides the primary model: fallbacks, retry policy and observers. */
export interface CreateModelGatewayOptions {
  /** Models tried in order once the previous one keeps failing. */
  fallbacks?: readonly z.input<typeof modelConfigSchema>[];
  /** Per-model retry policy; missing fields take the defaults (3 attempts, 500 ms initial delay). */
  retry?: RetryConfigInput;
  /** Called when the gateway switches to the next model, so the engine can record an event. */
  onFallback?: (event: ModelFallbackEvent) => void;
  /** Called before each retry of the same model. */
  onRetry?: (event: ModelRetryEvent) => void;
  /** Replaces the global `fetch` for every provider request. */
  fetch?: FetchFunction;
  /** Source of jitter in [0, 1); defaults to `Math.random`. */
  random?: () => number;
}

function parseConfig<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    // z.prettifyError lists paths and messages only, never the offending values (API keys).
    throw new ModelGatewayError('model-configuration', `Invalid ${what}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * Validates the configuration and builds the AI SDK gateway.
 * @throws ModelGatewayError with kind `model-configuration` when a config does not parse.
 */
export function createModelGateway(
  config: z.input<typeof modelConfigSchema>,
  options: CreateModelGatewayOptions = {},
): AiSdkModelGateway {
  const primary = parseConfig(modelConfigSchema, config, 'model config');
  const fallbacks = (options.fallbacks ?? []).map((fallback, index) =>
    parseConfig(modelConfigSchema, fallback, `fallback model config #${index + 1}`),
  );
  return new AiSdkModelGateway({
    chain: [primary, ...fallbacks],
    retry: parseConfig(retryConfigSchema, options.retry ?? {}, 'retry config'),
    onFallback: options.onFallback,
    onRetry: options.onRetry,
    fetch: options.fetch,
    random: options.random,
  });
}
