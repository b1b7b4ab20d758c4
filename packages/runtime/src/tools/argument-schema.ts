import { z } from 'zod';

/** A tool's declared schema: zod, or plain JSON Schema (adapters such as MCP bring their own). */
export type DeclaredSchema = z.ZodType | Record<string, unknown>;

/** Detects zod schemas structurally so a schema from another zod copy still counts. */
export function isZodSchema(schema: DeclaredSchema): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/**
 * Conversions already made, by schema object. A tool's schema is a module constant (or the object an
 * adapter built once), and every run assembles its registry again: converting it per run cost a
 * visible share of a short run's CPU. Zod schemas are immutable, and the converted forms are only read
 * (by the registry, gateways and hashes), so one conversion serves every registry.
 */
const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();
const validators = new WeakMap<Record<string, unknown>, z.ZodType>();

/**
 * JSON Schema the model sees. Zod schemas go through `z.toJSONSchema` (input shape, so defaults stay
 * optional), once per schema object; the result is shared and must not be mutated.
 */
export function toJsonSchema(schema: DeclaredSchema): Record<string, unknown> {
  if (!isZodSchema(schema)) return schema;
  const known = jsonSchemas.get(schema);
  if (known) return known;
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  jsonSchemas.set(schema, rest);
  return rest;
}

/** A zod validator for any declared schema; JSON Schema is converted with `z.fromJSONSchema`, once per schema object. */
export function toValidator(schema: DeclaredSchema): z.ZodType {
  if (isZodSchema(schema)) return schema;
  const known = validators.get(schema);
  if (known) return known;
  const validator = z.fromJSONSchema(schema);
  validators.set(schema, validator);
  return validator;
}

/** A readable, model-facing description of what was wrong with the arguments. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `- ${issue.path.length > 0 ? issue.path.join('.') : '(arguments)'}: ${issue.message}`)
    .join('\n');
}
