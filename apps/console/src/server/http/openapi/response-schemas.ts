import { z } from 'zod';

import { viewRegistry } from '../views/view-registry';
import type { JsonSchema } from './json-schema-for';

/** Where registered views live in the document. */
export const componentReference = (id: string) => `#/components/schemas/${id}`;

/**
 * Every registered view as JSON Schema 2020-12, keyed by its id, ready for `components.schemas`.
 * `io: 'output'` describes what the server sends: objects get `additionalProperties: false`, so a
 * validator flags a field a route returns that the view does not declare.
 */
export function viewComponents(): Record<string, JsonSchema> {
  const converted = z.toJSONSchema(viewRegistry, {
    io: 'output',
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: componentReference,
    override: ({ jsonSchema }) => {
      // zod adds its own date-time regex next to `format`; the format says it, and reads better.
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
    },
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(
    Object.entries(converted.schemas).map(([id, schema]) => {
      // `$id`/`$schema` inside components would re-base references; the document sets the dialect.
      const { $id: _id, $schema: _dialect, ...rest } = schema;
      return [id, rest];
    }),
  );
}

/** The `$ref` of a response schema; views must be registered so clients get a named type. */
export function responseReference(schema: z.ZodType, operationId: string): JsonSchema {
  const id = viewRegistry.get(schema)?.id;
  if (id === undefined) throw new Error(`${operationId}: register its success schema with .register(viewRegistry, { id: 'Name' })`);
  return { $ref: componentReference(id) };
}
