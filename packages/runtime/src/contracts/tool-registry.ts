import type { Tool, ToolDefinition, ToolSideEffects } from './tool';
import type { ToolContext } from './tool-context';

/** Any tool the engine can run: handlers receive the full engine ToolContext (a superset of BasicToolContext). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- argument types are checked by each tool's own schema
export type AnyTool = Tool<any, ToolContext>;

/** Recorded per tool on every checkpoint; resume refuses when any field differs. */
export interface ToolBinding {
  name: string;
  implementationId: string;
  sideEffects: ToolSideEffects;
  /** SHA-256 of the canonical JSON of description and argument JSON Schema. */
  schemaHash: string;
}

export type ArgumentValidation = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Registers tools under one implementation namespace, e.g. `builtin-tools/v1`. */
export interface NamespacedRegistrar {
  /** Registers `tool` with implementationId `<namespace>/<tool.name>`, overriding whatever it declared. */
  register(tool: Omit<AnyTool, 'implementationId'> & { implementationId?: string }): void;
}

/**
 * The tool catalogue. Assembled once (built-ins, then `configureTools`), then frozen: `register`
 * after `freeze()` throws `EngineStateError`.
 */
export interface ToolRegistry {
  /** Adds a tool. Throws `ValidationError` for a duplicate name or an empty implementationId. */
  register(tool: AnyTool): void;
  /** A registrar that stamps `<namespace>/<name>` implementation ids (built-ins use `builtin-tools/v1`). */
  implementationNamespace(namespace: string): NamespacedRegistrar;
  /** The tool by name, or undefined. */
  resolve(name: string): AnyTool | undefined;
  /** What the model sees, in registration order; JSON Schema from zod via `z.toJSONSchema`. */
  definitions(): ToolDefinition[];
  /** Validates parsed arguments; the failure message is written for the model to correct its call. */
  validate(name: string, args: unknown): ArgumentValidation;
  /** Bindings recorded on checkpoints. */
  bindings(): ToolBinding[];
  freeze(): void;
  readonly frozen: boolean;
}
