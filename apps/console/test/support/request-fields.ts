import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** One place in a request's JSON to put a value: where, and which field the server must name. */
export interface FieldProbe {
  path: string[];
  /** Set when the probe is an object key (a record's key), not a value. */
  asKey: boolean;
}

/** The key probes use for records (`metadata`, tool `arguments`), whose keys are free. */
export const recordKey = 'fuzz';

/**
 * Every field a request schema accepts, read from its JSON Schema (the same conversion the
 * OpenAPI document uses): each property at any depth, the first item of arrays, a `fuzz` entry
 * and a free key in records, and the branches of unions. Leaves are whatever has no further
 * structure (strings, numbers, enums, `z.json()` values), so every field gets probed, not only
 * the ones declared as text.
 */
export function fieldProbes(schema: z.ZodType): FieldProbe[] {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const probes = new Map<string, FieldProbe>();
  const add = (probe: FieldProbe) => probes.set(`${probe.asKey ? 'key' : 'value'}:${JSON.stringify(probe.path)}`, probe);
  const visit = (node: JsonSchema, path: string[], depth: number) => {
    const branches = ['oneOf', 'anyOf', 'allOf'].flatMap((name) => (Array.isArray(node[name]) ? (node[name] as JsonSchema[]) : []));
    const properties = typeof node.properties === 'object' && node.properties !== null ? (node.properties as Record<string, JsonSchema>) : undefined;
    const items = typeof node.items === 'object' && node.items !== null ? (node.items as JsonSchema) : undefined;
    const record = typeof node.additionalProperties === 'object' && node.additionalProperties !== null ? (node.additionalProperties as JsonSchema) : undefined;
    // Depth is bounded for recursive schemas (`$ref` cycles are not followed at all).
    const structured = depth < 8 && (branches.length > 0 || properties !== undefined || items !== undefined || record !== undefined);
    if (!structured) return add({ path, asKey: false });
    for (const branch of branches) visit(branch, path, depth + 1);
    for (const [name, property] of Object.entries(properties ?? {})) visit(property, [...path, name], depth + 1);
    if (items !== undefined) visit(items, [...path, '0'], depth + 1);
    if (record !== undefined) {
      add({ path: [...path, recordKey], asKey: true });
      visit(record, [...path, recordKey], depth + 1);
    }
  };
  visit(root, [], 0);
  return [...probes.values()];
}

/**
 * A copy of `base` with `value` at `path` (objects and arrays created on the way). With `asKey`,
 * the last path segment is replaced by `value` as a key holding a harmless string.
 */
export function withProbe(base: unknown, probe: FieldProbe, value: string): { input: unknown; field: string[] } {
  const field = probe.asKey ? [...probe.path.slice(0, -1), value] : probe.path;
  if (field.length === 0) return { input: value, field };
  const root: unknown = structuredClone(base ?? {});
  let container = (typeof root === 'object' && root !== null ? root : {}) as Record<string, unknown>;
  const top = container;
  field.forEach((segment, index) => {
    if (index === field.length - 1) {
      container[segment] = probe.asKey ? 'x' : value;
      return;
    }
    const next = container[segment];
    const nextIsIndex = /^\d+$/.test(field[index + 1]!);
    if (typeof next !== 'object' || next === null) container[segment] = nextIsIndex ? [] : {};
    container = container[segment] as Record<string, unknown>;
  });
  return { input: top, field };
}
