import type { LanguageModel } from 'ai';
import type { ModelGateway, ModelRequest, ModelResponse } from '../contracts/model-gateway';
import { classifyError } from './classify-error';
import { computeUsage } from './compute-cost';
import { createLanguageModel, describeModel, type FetchFunction } from './create-language-model';
import type { ModelFallbackEvent, ModelRetryEvent } from './gateway-events';
import type { ModelConfig, RetryConfig } from './model-config.schema';
import { createAbortError, ModelGatewayError } from './model-gateway-error';
import { raceAbort } from './race-abort';
import { refuseHtmlReplies } from './refuse-html-replies';
import { computeRetryDelay, sleep } from './retry-delay';
import { streamModelCall } from './stream-model-call';

/** Collaborators of the gateway; none of them is recorded on checkpoints. */
export interface AiSdkModelGatewayDependencies {
  /** Primary model first, then the fallbacks in the order they are tried. */
  chain: readonly ModelConfig[];
  retry: RetryConfig;
  onFallback?: (event: ModelFallbackEvent) => void;
  onRetry?: (event: ModelRetryEvent) => void;
  fetch?: FetchFunction;
  /** Source of jitter; injectable so tests can make delays deterministic. */
  random?: () => number;
}

interface ChainEntry {
  config: ModelConfig;
  name: string;
  languageModel: LanguageModel;
}

/**
 * ModelGateway over the Vercel AI SDK: one streamed call per attempt, retries with backoff on
 * transient failures, then the next model of the fallback chain. Build it with
 * `createModelGateway`, which validates the configuration.
 */
export class AiSdkModelGateway implements ModelGateway {
  /** Versioned module id recorded on checkpoints. */
  readonly moduleId = 'ai-sdk/v1';
  /** Context window of the primary model, for budget-based compaction; undefined when not configured. */
  readonly contextWindowTokens: number | undefined;
  private readonly chain: readonly ChainEntry[];

  constructor(private readonly dependencies: AiSdkModelGatewayDependencies) {
    if (dependencies.chain.length === 0) {
      throw new ModelGatewayError('model-configuration', 'A model gateway needs at least one model');
    }
    this.chain = dependencies.chain.map((config) => ({
      config,
      name: describeModel(config),
      languageModel: createLanguageModel(config, refuseHtmlReplies(dependencies.fetch, describeModel(config))),
    }));
    this.contextWindowTokens = dependencies.chain[0]?.contextWindowTokens;
  }

  /** Records which model the run was configured with; never the API key or the endpoint. */
  checkpointConfig(): Record<string, unknown> {
    const primary = this.dependencies.chain[0];
    return { provider: primary?.provider, model: primary?.model };
  }

  /**
   * Streams one reply: each model of the chain gets its retries, then the next one is asked.
   * Rejects with the last model's error when all fail, or with an AbortError once the signal aborts.
   */
  async invoke(request: ModelRequest): Promise<ModelResponse> {
    let lastError: ModelGatewayError | undefined;
    for (const [index, entry] of this.chain.entries()) {
      try {
        return await this.invokeWithRetries(entry, request);
      } catch (error) {
        if (!(error instanceof ModelGatewayError) || error.kind === 'aborted') throw error;
        lastError = error;
        const next = this.chain[index + 1];
        if (next !== undefined) {
          this.dependencies.onFallback?.({ from: entry.name, to: next.name, error, instance: request.instance });
        }
      }
    }
    // The loop ran at least once (the constructor refuses an empty chain), so lastError is set.
    throw lastError ?? new ModelGatewayError('model-configuration', 'No model configured');
  }

  private async invokeWithRetries(entry: ChainEntry, request: ModelRequest): Promise<ModelResponse> {
    const { retry } = this.dependencies;
    for (let attempt = 1; ; attempt += 1) {
      if (request.signal.aborted) throw createAbortError(request.signal, entry.name);
      try {
        const reply = await raceAbort(
          streamModelCall(entry.languageModel, request, request.signal),
          request.signal,
          entry.name,
        );
        return {
          text: reply.text,
          toolCalls: reply.toolCalls,
          usage: computeUsage(reply.inputTokens, reply.outputTokens, entry.config.pricing, reply.cachedInputTokens),
          model: entry.name,
          finishReason: reply.finishReason,
        };
      } catch (caught) {
        if (request.signal.aborted) throw createAbortError(request.signal, entry.name);
        const error = classifyError(caught, entry.name);
        const waitsTooLong = error.retryAfterMs !== undefined && error.retryAfterMs > retry.maxRetryAfterMs;
        if (!error.retryable || attempt >= retry.maxAttempts || waitsTooLong) throw error;
        const delayMs = computeRetryDelay(attempt, retry, error.retryAfterMs, this.dependencies.random);
        this.dependencies.onRetry?.({ model: entry.name, attempt, delayMs, error, instance: request.instance });
        if (error.kind !== 'aborted' && error.kind !== 'model-configuration') {
          request.onRetry?.({
            model: entry.name,
            attempt,
            kind: error.kind,
            delayMs,
            message: error.message,
            ...(error.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
            ...(error.retryAfterMs !== undefined ? { retryAfterMs: Math.ceil(error.retryAfterMs) } : {}),
          });
        }
        await sleep(delayMs, request.signal);
      }
    }
  }
}
