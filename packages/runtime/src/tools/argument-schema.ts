import { z } from 'zod';

/** A tool's declared schema: zod, or plain JSON Schema (adapters such as MCP bring their own). */
export type DeclaredSchema = z.ZodType | Record<string, unknown>;

/** Detects zod schemas structurally so a schema from another zod copy still counts. */
export function isZodSchema(schema: DeclaredSchema): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** JSON Schema the model sees. Zod schemas go through `z.toJSONSchema` (input shape, so defaults stay optional). */
export function toJsonSchema(schema: DeclaredSchema): Record<string, unknown> {
  if (!isZodSchema(schema)) return schema;
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** A zod validator for any declared schema; JSON Schema is converted once with `z.fromJSONSchema`. */
export function toValidator(schema: DeclaredSchema): z.ZodType {
  return isZodSchema(schema) ? schema : z.fromJSONSchema(schema);
}

/** A readable, model-facing description of what was wrong with the arguments. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `- ${issue.path.length > 0 ? issue.path.join('.') : '(arguments)'}: ${issue.message}`)
    .join('\n');
}
