/**
 * The parts of an OpenAPI 3.1 document the docs page shows, read defensively from plain JSON so
 * the page renders whatever the document holds (it is built from the operation registry).
 */
export type SchemaObject = Record<string, unknown>;

export interface ParameterView {
  name: string;
  location: string;
  required: boolean;
  description: string | undefined;
  schema: SchemaObject;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | undefined;
  role: string;
  parameters: ParameterView[];
  body: SchemaObject | undefined;
  responses: { status: string; description: string }[];
}

export interface TagView {
  name: string;
  operations: OperationView[];
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Operations grouped by their first tag, tags in the document's order. */
export function operationsByTag(document: Record<string, unknown>): TagView[] {
  const tags = new Map<string, OperationView[]>();
  for (const tag of Array.isArray(document.tags) ? document.tags : []) {
    const name = text(record(tag).name);
    if (name) tags.set(name, []);
  }
  for (const [path, pathItem] of Object.entries(record(document.paths))) {
    for (const [method, rawOperation] of Object.entries(record(pathItem))) {
      const operation = record(rawOperation);
      const tag = text((operation.tags as unknown[] | undefined)?.[0]) ?? 'Other';
      if (!tags.has(tag)) tags.set(tag, []);
      tags.get(tag)!.push(operationView(path, method, operation));
    }
  }
  return [...tags].map(([name, operations]) => ({ name, operations })).filter((tag) => tag.operations.length > 0);
}

function operationView(path: string, method: string, operation: Record<string, unknown>): OperationView {
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map((raw) => {
    const parameter = record(raw);
    return {
      name: text(parameter.name) ?? '',
      location: text(parameter.in) ?? '',
      required: parameter.required === true,
      description: text(parameter.description),
      schema: record(parameter.schema),
    };
  });
  const body = record(record(record(operation.requestBody).content)['application/json']).schema;
  return {
    id: text(operation.operationId) ?? `${method} ${path}`,
    method: method.toUpperCase(),
    path,
    summary: text(operation.summary) ?? '',
    description: text(operation.description),
    role: text(operation['x-agentloom-role']) ?? 'viewer',
    parameters,
    body: body === undefined ? undefined : record(body),
    responses: Object.entries(record(operation.responses)).map(([status, response]) => ({ status, description: text(record(response).description) ?? '' })),
  };
}

/** Follows a local `#/components/schemas/…` reference. */
export function resolveSchema(schema: SchemaObject, document: Record<string, unknown>): SchemaObject {
  const reference = text(schema.$ref);
  if (!reference?.startsWith('#/components/schemas/')) return schema;
  return record(record(record(document.components).schemas)[reference.slice('#/components/schemas/'.length)]);
}

/** A short type label: `string (uuid)`, `integer`, `"approve"`, `one of …`, `array of string`. */
export function typeLabel(schema: SchemaObject): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return 'one of';
  if (text(schema.$ref)) return 'JSON value';
  const type = text(schema.type);
  if (type === 'array') return `array of ${typeLabel(record(schema.items))}`;
  if (type === undefined) return 'any';
  const format = text(schema.format);
  return format ? `${type} (${format})` : type;
}

/** Limits worth showing next to a field: lengths, ranges, defaults. */
export function constraints(schema: SchemaObject): string[] {
  const shown: string[] = [];
  if (typeof schema.minLength === 'number' && schema.minLength > 0) shown.push(`min length ${schema.minLength}`);
  if (typeof schema.maxLength === 'number') shown.push(`max length ${schema.maxLength}`);
  // zod's `.int()` bounds every integer by the safe-integer range, which says nothing to a reader.
  if (typeof schema.minimum === 'number' && schema.minimum > Number.MIN_SAFE_INTEGER) shown.push(`≥ ${schema.minimum}`);
  if (typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER) shown.push(`≤ ${schema.maximum}`);
  if (typeof schema.exclusiveMinimum === 'number') shown.push(`> ${schema.exclusiveMinimum}`);
  if (schema.default !== undefined) shown.push(`default ${JSON.stringify(schema.default)}`);
  return shown;
}
