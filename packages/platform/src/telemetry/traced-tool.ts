import type { AnyTool } from '@agentloom/runtime';

import type { RunTracing } from './run-tracing';

/**
 * The tool with its handler run inside its call's span. Sub-agents get their own tool bus from the
 * runtime, so their platform tools are wrapped here rather than at the bus; a plain object with the
 * tool's fields keeps the registry's schema hash and implementation id unchanged.
 */
export function tracedTool(tool: AnyTool, tracing: RunTracing): AnyTool {
  return {
    name: tool.name,
    description: tool.description,
    implementationId: tool.implementationId,
    inputSchema: tool.inputSchema,
    sideEffects: tool.sideEffects,
    execute: (args, context) => tracing.withToolSpan(context.idempotencyKey, () => tool.execute(args, context)),
  };
}
