import { jsonSchema, tool, type ToolSet } from 'ai';
import type { JSONSchema7 } from 'ai';
import type { ToolDefinition } from '../contracts/tool';
import type { ToolNameMapping } from './tool-name-mapping';

/**
 * Declares our tools to the SDK without an `execute` function, so the SDK only reports the
 * calls and the engine stays the one place where tools run. No `validate` is given either:
 * validation of the arguments belongs to the host, which sees the raw JSON.
 */
export function toToolSet(definitions: readonly ToolDefinition[], names: ToolNameMapping): ToolSet | undefined {
  if (definitions.length === 0) return undefined;
  const tools: ToolSet = {};
  for (const definition of definitions) {
    tools[names.toProvider(definition.name)] = tool({
      description: definition.description,
      inputSchema: jsonSchema(definition.inputSchema as JSONSchema7),
    });
  }
  return tools;
}
