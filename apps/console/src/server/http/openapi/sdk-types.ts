import openapiTS, { astToString, stringToAST, type OpenAPI3, type SchemaObject } from 'openapi-typescript';
import type { TypeAliasDeclaration, TypeNode } from 'typescript';

/** Where the SDK keeps the types generated from the document (relative to the repository root). */
export const sdkTypesPath = 'packages/sdk/src/generated/openapi.ts';

const header = [
  '/**',
  ' * Generated from `/api/v1/openapi.json` by `npm run generate:openapi-types`: do not edit.',
  ' * `sdk-types.test.ts` fails when this file and the document drift apart.',
  ' */',
].join('\n');

/**
 * A named alias for recursive JSON values: openapi-typescript writes a self-referencing schema as
 * `components["schemas"]["X"]` inside its own definition, which TypeScript rejects (TS2502).
 */
const jsonValueAlias = 'export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };';

/** The TypeScript declarations `openapi-typescript` makes of the document (what `openapi-fetch` users generate too). */
export async function openApiTypesSource(document: Record<string, unknown>): Promise<string> {
  // A type node of openapi-typescript's own TypeScript (the printer may be another version than ours).
  const jsonValueReference = (stringToAST('type T = JsonValue;')[0] as TypeAliasDeclaration).type;
  // A copy: openapi-typescript resolves references in place.
  const ast = await openapiTS(structuredClone(document) as unknown as OpenAPI3, {
    inject: jsonValueAlias,
    transform: (schema, options): TypeNode | undefined => (isRecursiveJsonValue(schema, options.path) ? jsonValueReference : undefined),
  });
  // The header goes on as text: the printer drops comments of injected code.
  return `${header}\n${astToString(ast)}`;
}

/** `z.json()` as JSON Schema: an `anyOf` of every JSON type whose array items refer back to itself. */
function isRecursiveJsonValue(schema: SchemaObject, path: string | undefined): boolean {
  if (path === undefined || !('anyOf' in schema) || !Array.isArray(schema.anyOf)) return false;
  return schema.anyOf.some((member) => 'type' in member && member.type === 'array' && '$ref' in (member.items ?? {}) && (member.items as { $ref: string }).$ref === path);
}
