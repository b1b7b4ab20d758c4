import { databaseIntegerRange } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { appRouter } from '~/server/trpc/root-router';

import { apiOperations } from './api-operations';

type JsonSchema = Record<string, unknown>;

/**
 * Integer fields stored in a `BigInt` column (token budgets): any safe integer is storable there.
 * Every other integer a client sends is stored in or compared with an `integer` column, or is a
 * small bound (a page size, a count).
 */
const bigIntFields = new Set(['maxTokens']);

/** Every integer in a request schema's JSON Schema (the form the OpenAPI document shows), with its path and bounds. */
function integerFields(schema: z.ZodType): { path: string; minimum: unknown; maximum: unknown }[] {
  const found: { path: string; minimum: unknown; maximum: unknown }[] = [];
  const visit = (node: JsonSchema, path: string[], depth: number) => {
    if (depth > 8) return;
    for (const branch of ['oneOf', 'anyOf', 'allOf'].flatMap((name) => (Array.isArray(node[name]) ? (node[name] as JsonSchema[]) : [])))
      visit(branch, path, depth + 1);
    if (node.type === 'integer') found.push({ path: path.join('.'), minimum: node.minimum ?? node.exclusiveMinimum, maximum: node.maximum });
    for (const [name, property] of Object.entries((node.properties ?? {}) as Record<string, JsonSchema>)) visit(property, [...path, name], depth + 1);
    if (typeof node.items === 'object' && node.items !== null) visit(node.items as JsonSchema, [...path, '0'], depth + 1);
    if (typeof node.additionalProperties === 'object' && node.additionalProperties !== null)
      visit(node.additionalProperties as JsonSchema, [...path, '*'], depth + 1);
  };
  visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), [], 0);
  return found;
}

/** Where a client can send an integer: REST bodies and queries, tRPC inputs. */
function requestSchemas(): [string, z.ZodType][] {
  const rest = apiOperations.flatMap((operation) =>
    (['body', 'query'] as const).flatMap((part): [string, z.ZodType][] => {
      const schema = operation[part];
      return schema === undefined ? [] : [[`${operation.method.toUpperCase()} ${operation.path} ${part}`, schema]];
    }),
  );
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>;
  const trpc = Object.entries(procedures).flatMap(([name, procedure]): [string, z.ZodType][] => {
    const input = procedure._def.inputs[0];
    return input === undefined ? [] : [[`tRPC ${name}`, input]];
  });
  return [...rest, ...trpc];
}

describe('integers in request schemas', () => {
  it('are bounded by what Postgres `integer` stores, so a larger one is a 400 naming the field, not a 500 from the query', () => {
    const unbounded: string[] = [];
    let checked = 0;
    for (const [where, schema] of requestSchemas()) {
      for (const { path, minimum, maximum } of integerFields(schema)) {
        checked += 1;
        const leaf = path.split('.').at(-1)!;
        const ceiling = bigIntFields.has(leaf) ? Number.MAX_SAFE_INTEGER : databaseIntegerRange.maximum;
        const bounded = typeof maximum === 'number' && maximum <= ceiling && typeof minimum === 'number' && minimum >= databaseIntegerRange.minimum;
        if (!bounded) unbounded.push(`${where}: ${path} (${String(minimum)}…${String(maximum)})`);
      }
    }
    // The walk must see the fields the audit found (agentVersion, afterSeq, cursor, stepIndex …), not nothing.
    expect(checked).toBeGreaterThan(50);
    expect(unbounded).toEqual([]);
  });
});
