import { DefaultToolRegistry, isZodSchema, registerBuiltinTools, type AnyTool } from '@agentloom/runtime';
import { z } from 'zod';

import { builtinToolOptions } from '../agents/builtin-tool-options';
import { DomainError } from '../errors/domain-error';
import type { ToolCatalog } from '../tools/tool-catalog';

type DeclaredSchema = AnyTool['inputSchema'];

/** The tool a gated call names, as its ledger row records it. */
export interface GatedTool {
  name: string;
  implementationId: string;
}

/** Issues named in a refusal; the rest are counted (an edited array can break the schema thousands of times). */
const namedIssues = 5;

/**
 * The input schemas a reviewer's edit must fit, known when the decision is made: the platform
 * tools of the catalog (every executor loads the same catalog, ADR 0011) and the runtime's
 * built-ins. A tool is matched by name and implementation id, so a schema is only used for the
 * tool the call was proposed to. MCP tools are not here: a version pins only their schema hash and
 * the schema lives on the server, which a decision does not connect to. An edit of such a tool is
 * accepted, and the engine rejects it on resume, with the message the model reads, if it does not
 * fit (ADR 0105, 2026-12-06).
 */
export class EditedArgumentsCheck {
  constructor(private readonly catalog?: ToolCatalog) {}

  /**
   * @throws DomainError `validation` naming the first field that does not fit (`arguments.<path>`,
   * or `arguments` for the object as a whole) and what is wrong with each, when the tool's schema is
   * known and the edited arguments do not fit it.
   */
  assertFits(tool: GatedTool, editedArguments: Record<string, unknown>): void {
    const schema = this.inputSchemaOf(tool);
    if (!schema) return;
    const result = validatorOf(schema).safeParse(editedArguments);
    if (result.success) return;
    const issues = result.error.issues;
    const described = issues.slice(0, namedIssues).map((issue) => `${fieldOf(issue.path)}: ${issue.message}`);
    const more = issues.length > namedIssues ? ` (and ${issues.length - namedIssues} more)` : '';
    throw new DomainError(
      'validation',
      `${described.join('; ')}${more} — the edited arguments must fit the input schema of tool "${tool.name}"`,
      fieldOf(issues[0]?.path ?? []),
    );
  }

  private inputSchemaOf(tool: GatedTool): DeclaredSchema | undefined {
    const platformTool = this.catalog?.names().includes(tool.name) ? this.catalog.select([tool.name])[0] : undefined;
    const known = platformTool ?? builtinTools().get(tool.name);
    return known?.implementationId === tool.implementationId ? known.inputSchema : undefined;
  }
}

/** `arguments` is the decision's field; a zod issue's path is inside it. */
function fieldOf(path: readonly PropertyKey[]): string {
  return ['arguments', ...path.map(String)].join('.');
}

let builtins: ReadonlyMap<string, AnyTool> | undefined;

/**
 * Every built-in the runtime can register (load_skill needs a skills folder, which platform runs
 * never read), with the implementation ids runs record: built once, by the runtime's own registrar.
 */
function builtinTools(): ReadonlyMap<string, AnyTool> {
  if (builtins) return builtins;
  const registry = new DefaultToolRegistry();
  registerBuiltinTools(registry, {
    mode: 'plan',
    enabled: builtinToolOptions.map((option) => option.name),
    hasSubAgents: true,
    hasMemory: true,
    hasWaits: true,
  });
  builtins = new Map(
    registry
      .definitions()
      .flatMap((definition) => registry.resolve(definition.name) ?? [])
      .map((tool) => [tool.name, tool]),
  );
  return builtins;
}

const validators = new WeakMap<Record<string, unknown>, z.ZodType>();

/** As the runtime's registry validates: zod as declared, JSON Schema (tool modules) converted once per schema object. */
function validatorOf(schema: DeclaredSchema): z.ZodType {
  if (isZodSchema(schema)) return schema;
  // `isZodSchema` is structural (a schema of another zod copy counts), so it does not narrow `any`-typed zod out of the union.
  const jsonSchema = schema as Record<string, unknown>;
  let validator = validators.get(jsonSchema);
  if (!validator) validators.set(jsonSchema, (validator = z.fromJSONSchema(jsonSchema)));
  return validator;
}
