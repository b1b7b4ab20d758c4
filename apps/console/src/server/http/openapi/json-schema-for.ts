import { z } from 'zod';

/** A JSON Schema (2020-12, which OpenAPI 3.1 uses as its schema dialect) as plain data. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema a client must send for a zod schema (`io: 'input'`: defaults make fields
 * optional, coercions accept their input), or, with `io: 'output'`, what a response holds. Recursive parts (`z.json()`) come out as `$defs`; they
 * are moved into `components.schemas` under `prefix`, because a `#/$defs/…` reference inside an
 * OpenAPI document would resolve against the document's root.
 */
export function jsonSchemaFor(schema: z.ZodType, prefix: string, components: Record<string, JsonSchema>, io: 'input' | 'output' = 'input'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      // Dates travel as ISO 8601 strings; zod has no JSON form for them.
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  const { $schema: _dialect, $defs: definitions, ...rest } = converted;
  const rename = (name: string) => `${prefix}${name.replace(/[^A-Za-z0-9]/g, '')}`;
  for (const [name, definition] of Object.entries((definitions ?? {}) as Record<string, JsonSchema>)) {
    components[rename(name)] = rewriteReferences(definition, rename) as JsonSchema;
  }
  return rewriteReferences(rest, rename) as JsonSchema;
}

function rewriteReferences(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteReferences(item, rename));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) =>
      key === '$ref' && typeof entry === 'string' && entry.startsWith('#/$defs/')
        ? [key, `#/components/schemas/${rename(entry.slice('#/$defs/'.length))}`]
        : [key, rewriteReferences(entry, rename)],
    ),
  );
}
