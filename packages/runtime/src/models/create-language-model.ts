import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';

import { defaultGuardedFetch } from '../outbound/default-guarded-fetch';
import type { ModelConfig } from './model-config.schema';
import { providerKeyFor } from './provider-key';

/**
 * The `fetch` the providers use. Hosts pass one built from their outbound policy
 * (`createGuardedFetch`); without one, the strict policy applies (public addresses only).
 */
export type FetchFunction = typeof globalThis.fetch;

/**
 * Builds the AI SDK model for one configured endpoint. OpenAI goes through the Chat Completions
 * API on purpose (`.chat`), not the SDK's default Responses API: it is the protocol every
 * OpenAI-compatible server speaks too, so one code path and one test fixture cover all three.
 */
export function createLanguageModel(config: ModelConfig, guardedFetch?: FetchFunction): LanguageModel {
  const fetch = guardedFetch ?? defaultGuardedFetch();
  switch (config.provider) {
    case 'openai':
      return createOpenAI({ baseURL: config.baseURL, apiKey: providerKeyFor(config), fetch }).chat(config.model);
    case 'anthropic':
      return createAnthropic({ baseURL: config.baseURL, apiKey: providerKeyFor(config), fetch })(config.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        // The schema guarantees a baseURL for this provider.
        baseURL: config.baseURL ?? '',
        apiKey: config.apiKey,
        includeUsage: true,
        fetch,
      })(config.model);
  }
}

/** `provider:model`, the name used in responses, events and errors. */
export function describeModel(config: ModelConfig): string {
  return `${config.provider}:${config.model}`;
}
