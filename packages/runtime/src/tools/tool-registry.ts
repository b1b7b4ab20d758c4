import type { z } from 'zod';
import type { ToolDefinition } from '../contracts/tool';
import type { AnyTool, ArgumentValidation, NamespacedRegistrar, ToolBinding, ToolRegistry } from '../contracts/tool-registry';
import { EngineStateError, ValidationError } from '../errors';
import { findTooDeepJson, jsonPathText, maximumJsonDepth } from '../util/json-depth';
import { stableHash } from '../util/stable-hash';
import { describeIssues, toJsonSchema, toValidator } from './argument-schema';

interface Entry {
  tool: AnyTool;
  definition: ToolDefinition;
  validator: z.ZodType;
  binding: ToolBinding;
}

/**
 * The names `register` accepts. Dots are allowed for namespaced adapter tools (`mcp.github.search`);
 * gateways map names to each provider's alphabet. Exported so a platform can refuse at save a tool
 * name (e.g. a pinned MCP tool) that every run would fail to register.
 */
export const toolNamePattern = /^[a-zA-Z0-9_.-]{1,128}$/;

/** Hashes already taken, by converted schema object and description (the schema objects are shared, see `toJsonSchema`). */
const schemaHashes = new WeakMap<Record<string, unknown>, Map<string, string>>();

function schemaHashOf(description: string, inputSchema: Record<string, unknown>): string {
  let byDescription = schemaHashes.get(inputSchema);
  if (!byDescription) schemaHashes.set(inputSchema, (byDescription = new Map<string, string>()));
  let hash = byDescription.get(description);
  if (hash === undefined) byDescription.set(description, (hash = stableHash({ description, inputSchema })));
  return hash;
}

/** The default in-memory catalogue: schemas converted and hashed once at registration. */
export class DefaultToolRegistry implements ToolRegistry {
  private readonly entries = new Map<string, Entry>();
  private isFrozen = false;

  get frozen(): boolean {
    return this.isFrozen;
  }

  register(tool: AnyTool): void {
    if (this.isFrozen) throw new EngineStateError(`Tool registry is frozen; cannot register "${tool.name}" after assembly`);
    // Names become JSON keys and provider function names; spaces and punctuation would fail mid-run, not here.
    if (!toolNamePattern.test(tool.name)) throw new ValidationError(`Tool name "${tool.name}" must match ${toolNamePattern}`);
    if (this.entries.has(tool.name)) throw new ValidationError(`Tool "${tool.name}" is already registered`);
    if (!tool.implementationId.trim()) throw new ValidationError(`Tool "${tool.name}" needs a versioned implementationId`);
    const inputSchema = toJsonSchema(tool.inputSchema);
    const definition: ToolDefinition = { name: tool.name, description: tool.description, inputSchema };
    const binding: ToolBinding = {
      name: tool.name,
      implementationId: tool.implementationId,
      sideEffects: tool.sideEffects,
      schemaHash: schemaHashOf(tool.description, inputSchema),
    };
    this.entries.set(tool.name, { tool, definition, validator: toValidator(tool.inputSchema), binding });
  }

  implementationNamespace(namespace: string): NamespacedRegistrar {
    return {
      register: (tool) => this.register({ ...tool, implementationId: `${namespace}/${tool.name}` } as AnyTool),
    };
  }

  resolve(name: string): AnyTool | undefined {
    return this.entries.get(name)?.tool;
  }

  definitions(): ToolDefinition[] {
    return [...this.entries.values()].map((entry) => entry.definition);
  }

  validate(name: string, args: unknown): ArgumentValidation {
    const entry = this.entries.get(name);
    if (!entry) return { ok: false, message: `Unknown tool "${name}". Available tools: ${[...this.entries.keys()].join(', ') || 'none'}.` };
    // Before the schema: a recursive validator (`z.json()`, a recursive JSON Schema) would overflow the stack.
    const tooDeep = findTooDeepJson(args);
    if (tooDeep !== undefined) {
      const where = jsonPathText(tooDeep);
      return {
        ok: false,
        message: `Invalid arguments for tool "${name}": nested deeper than ${maximumJsonDepth} levels (at ${where}).\nSend flatter arguments and call the tool again.`,
      };
    }
    const result = entry.validator.safeParse(args);
    if (result.success) return { ok: true, value: result.data as Record<string, unknown> };
    return { ok: false, message: `Invalid arguments for tool "${name}":\n${describeIssues(result.error)}\nFix the arguments and call the tool again.` };
  }

  bindings(): ToolBinding[] {
    return [...this.entries.values()].map((entry) => entry.binding);
  }

  freeze(): void {
    this.isFrozen = true;
  }
}
