import type { z } from 'zod';
import type { Tool } from '../contracts/tool';
import type { ToolContext } from '../contracts/tool-context';
import type { AnyTool } from '../contracts/tool-registry';

/** Types `execute`'s arguments from the zod schema, then widens the tool for the registry. */
export function defineTool<TSchema extends z.ZodType<Record<string, unknown>>>(
  tool: Omit<Tool<z.output<TSchema>, ToolContext>, 'inputSchema'> & { inputSchema: TSchema },
): AnyTool {
  return tool as AnyTool;
}
