import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { AnyTool } from '@agentloom/runtime';
import { tsImport } from 'tsx/esm/api';

/** A tool module named in AGENTLOOM_TOOL_MODULES could not be used; the message names the module. */
export class ToolModuleError extends Error {
  override readonly name = 'ToolModuleError';
}

/**
 * Imports every tool module (ESM JavaScript or TypeScript) and collects their `tools` exports in
 * order. Relative paths resolve against `workingDirectory`. Fails on the first module that cannot
 * be imported or does not export an array of tools, so a typo stops the process at start instead of
 * failing runs later with "unknown tool". The console and the worker both call this with the same
 * `AGENTLOOM_TOOL_MODULES`, so every executor of the fleet has one catalog (ADR 0011-one-tool-catalog).
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
    exports = (await importModule(absolutePath)) as { tools?: unknown };
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

const typeScriptExtensions = new Set(['.ts', '.mts', '.cts']);

/**
 * TypeScript modules go through tsx's scoped loader: the console runs under plain `next start`
 * (no tsx), and a module's own imports (`@agentloom/runtime` exports TypeScript source) need it
 * too. The JavaScript import is hidden from bundlers: the path is only known at run time.
 */
export async function importModule(absolutePath: string): Promise<unknown> {
  const url = pathToFileURL(absolutePath).href;
  if (typeScriptExtensions.has(extname(absolutePath))) return tsImport(url, import.meta.url);
  return import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url);
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
