import type { z } from 'zod';
import type { BasicToolContext, Tool, ToolResult, ToolSideEffects } from '../../contracts/tool';

/** A local function exposed to the model. */
export interface LocalToolDefinition<TArguments, TContext extends BasicToolContext> {
  name: string;
  description: string;
  /** Versioned, e.g. `acme-tools/v1/lookup`; bump it when behaviour changes. */
  implementationId: string;
  inputSchema: z.ZodType<TArguments>;
  sideEffects: ToolSideEffects;
  execute(args: TArguments, context: TContext): Promise<ToolResult>;
}

/**
 * Declares a local function tool with a zod argument schema. The registry converts the schema
 * for the model and validates arguments before `execute` runs, so `args` is already typed.
 */
export function defineTool<TArguments, TContext extends BasicToolContext = BasicToolContext>(
  definition: LocalToolDefinition<TArguments, TContext>,
): Tool<TArguments, TContext> {
  return { ...definition };
}
