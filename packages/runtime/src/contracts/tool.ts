import type { z } from 'zod';

/** What the model sees of a tool. */
export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema (draft 2020-12 subset) of the arguments object. */
  inputSchema: Record<string, unknown>;
}

/**
 * How a tool's execution relates to the outside world. Decides what a resumed run may re-execute:
 * `none` and `idempotent` calls re-run after a crash, `unsafe` ones wait for a human.
 */
export type ToolSideEffects = 'none' | 'idempotent' | 'unsafe';

/** What a handler returns. `content` is what the model reads; `data` is kept for inspection. */
export interface ToolResult {
  content: string;
  data?: unknown;
  isError?: boolean;
  /**
   * Set by the engine, not by handlers: UTF-8 bytes of the handler's full output (content plus
   * serialized data) before the engine cut it to its `toolOutputMaxBytes` cap.
   */
  outputBytes?: number;
}

/**
 * The narrow capabilities a handler receives. Built by the engine per call; handlers see nothing else.
 * The engine-specific members (plan, children, citations, memory, invocation state) are defined
 * in `tool-context.ts`; adapters that only need the basics depend on this interface.
 */
export interface BasicToolContext {
  /** Run (engine instance) id. */
  readonly instanceId: string;
  /** The tool call id from the model. */
  readonly callId: string;
  /** Stable key for this call across retries and resumes; forward it to side-effecting backends. */
  readonly idempotencyKey: string;
  /** Directory the run may use for files, or undefined when none was configured. */
  readonly workspacePath: string | undefined;
  /** Aborted when the run is cancelled or closed. Handlers must stop promptly. */
  readonly signal: AbortSignal;
  /** Emits an observation (progress, partial output) to event observers. */
  emit(observation: { kind: string; data?: unknown }): void;
}

export interface Tool<TArguments = Record<string, unknown>, TContext extends BasicToolContext = BasicToolContext> {
  name: string;
  description: string;
  /** Versioned implementation id, e.g. `builtin-tools/v1/plan_update` or `mcp/github@1/search`. */
  implementationId: string;
  /** Argument schema; zod schemas are converted to JSON Schema for the model. */
  inputSchema: z.ZodType<TArguments> | Record<string, unknown>;
  sideEffects: ToolSideEffects;
  execute(args: TArguments, context: TContext): Promise<ToolResult>;
}
