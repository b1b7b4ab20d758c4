import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { AnyTool } from '@agentloom/runtime';

/** A tool module named in AGENTLOOM_TOOL_MODULES could not be used; the message names the module. */
export class ToolModuleError extends Error {
  override readonly name = 'ToolModuleError';
}

/**
 * Imports every tool module (ESM, or TypeScript since the worker runs under tsx) and collects
 * their `tools` exports in order. Relative paths resolve against `workingDirectory`. Fails on the
 * first module that cannot be imported or does not export an array of tools, so a typo stops the
 * worker at start instead of failing runs later with "unknown tool".
 */
export async function loadToolModules(paths: readonly string[], workingDirectory: string = process.cwd()): Promise<AnyTool[]> {
  const tools: AnyTool[] = [];
  for (const path of paths) tools.push(...(await loadToolModule(path, workingDirectory)));
  return tools;
}

async function loadToolModule(path: string, workingDirectory: string): Promise<AnyTool[]> {
  const absolutePath = resolve(workingDirectory, path);
  let exports: { tools?: unknown };
  try {
    exports = (await import(pathToFileURL(absolutePath).href)) as { tools?: unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolModuleError(`Tool module ${path} (${absolutePath}) failed to load: ${reason}`, { cause: error });
  }
  const { tools } = exports;
  if (!Array.isArray(tools)) {
    throw new ToolModuleError(`Tool module ${path} (${absolutePath}) exports no \`tools\` array; expected \`export const tools: AnyTool[]\``);
  }
  const invalidIndex = tools.findIndex((tool) => !looksLikeTool(tool));
  if (invalidIndex >= 0) {
    throw new ToolModuleError(`Tool module ${path} (${absolutePath}): tools[${invalidIndex}] is not a tool (define it with defineTool from @agentloom/runtime)`);
  }
  return tools as AnyTool[];
}

const sideEffectLevels: readonly unknown[] = ['none', 'idempotent', 'unsafe'];

/**
 * A structural check only (the engine validates arguments when it runs a tool). The side-effect
 * level is checked strictly because crash recovery decides from it whether a call may be repeated.
 */
function looksLikeTool(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const tool = value as Record<string, unknown>;
  return (
    typeof tool.name === 'string' &&
    typeof tool.description === 'string' &&
    typeof tool.implementationId === 'string' &&
    sideEffectLevels.includes(tool.sideEffects) &&
    typeof tool.execute === 'function' &&
    typeof tool.inputSchema === 'object' &&
    tool.inputSchema !== null
  );
}
