import type { ProviderErrorKind } from '../errors/provider-error-kinds';
import type { Message } from './messages';
import type { ToolDefinition } from './tool';

/** Why a model call is made. Auxiliary purposes share the budget and may not carry action tools. */
export type ModelCallPurpose = 'action' | 'compaction' | 'verification' | 'summary';

export interface ModelCallOptions {
  temperature?: number;
  maxOutputTokens?: number;
  /** Provider-specific knobs passed through untouched (e.g. `reasoningEffort`). */
  providerOptions?: Record<string, unknown>;
}

export interface ModelRequest {
  messages: readonly Message[];
  /** Tools the model may call. Always empty for auxiliary purposes. */
  tools: readonly ToolDefinition[];
  purpose: ModelCallPurpose;
  /** Which engine instance (run) and step the call belongs to, for logs, streaming and replay. */
  instance: { instanceId: string; step: number };
  options: ModelCallOptions;
  /** Aborting must reject the pending `invoke` promptly with an AbortError-like error. */
  signal: AbortSignal;
  /** Called with each visible text delta while a streaming gateway receives the reply. */
  onTextDelta?: (delta: string) => void;
  /** Called before the gateway waits to retry a failed attempt, so the engine can record it. */
  onRetry?: (retry: ModelCallRetry) => void;
}

/** A failed attempt the gateway is about to repeat. Says nothing the provider wrote. */
export interface ModelCallRetry {
  /** `provider:model` that failed. */
  model: string;
  /** The attempt that failed, 1-based. */
  attempt: number;
  /** Why it failed (`provider-rate-limited`, `provider-error`, …). */
  kind: ProviderErrorKind;
  /** The provider's HTTP status, when it answered. */
  statusCode?: number;
  /** How long the gateway waits before the next attempt. */
  delayMs: number;
  /** The wait the provider asked for (Retry-After), when it asked. */
  retryAfterMs?: number;
  /** The gateway's sentence about the failure (model, status, meaning). */
  message: string;
}

/**
 * A tool call exactly as the model produced it. Arguments stay raw JSON text so the host,
 * not the gateway, decides whether the call is well-formed.
 */
export interface RawToolCall {
  id: string;
  name: string;
  argumentsJson: string;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, those the provider read from its prompt cache (reported by AI SDK providers); absent when none. */
  cachedInputTokens?: number;
  /** Cost in US dollars when the gateway knows the model's prices; undefined otherwise. */
  costUsd?: number;
}

/** The gateway's unvalidated reply. The engine normalizes it before anything is stored. */
export interface ModelResponse {
  text: string;
  toolCalls: RawToolCall[];
  usage: ModelUsage;
  /** The model that actually answered (differs from the configured one after a fallback). */
  model: string;
  finishReason: 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'error' | 'other';
}

/**
 * Calls a language model. Implementations: AI SDK providers, `ScriptedModel` for tests.
 * Contract: honours `request.signal`; never mutates `request.messages`; returns usage for every call.
 */
export interface ModelGateway {
  /** Versioned id recorded on checkpoints, e.g. `ai-sdk-openai/v1` or `scripted-model/v1`. */
  readonly moduleId: string;
  invoke(request: ModelRequest): Promise<ModelResponse>;
  /** Optional JSON-safe configuration recorded on checkpoints (model name, provider; never secrets). */
  checkpointConfig?(): Record<string, unknown>;
  /** Releases clients and sockets; `engine.close()` calls it once, after the other modules. */
  close?(): Promise<void>;
}
