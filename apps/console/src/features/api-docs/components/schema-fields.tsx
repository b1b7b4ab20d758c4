import { MarkdownCode } from '~/features/api-docs/components/markdown-code';
import { constraints, resolveSchema, typeLabel, type SchemaObject } from '~/features/api-docs/openapi-view';

interface SchemaFieldsProps {
  schema: SchemaObject;
  document: Record<string, unknown>;
  depth?: number;
}

/**
 * An object schema as a list of fields (name, type, required, limits, description), nested
 * objects and union variants indented below their field. Depth-limited: recursive schemas
 * (JSON values) stop at a label.
 */
export function SchemaFields({ schema: rawSchema, document, depth = 0 }: SchemaFieldsProps) {
  const schema = resolveSchema(rawSchema, document);
  const variants = (schema.oneOf ?? schema.anyOf) as SchemaObject[] | undefined;
  if (Array.isArray(variants) && depth < 4) {
    return (
      <ol className="space-y-2">
        {variants.map((variant, index) => (
          <li key={index} className="rounded-lg border border-dashed border-zinc-300 p-3 dark:border-zinc-700">
            <p className="mb-2 text-xs font-medium text-zinc-500 dark:text-zinc-400 uppercase">Variant {index + 1}</p>
            <SchemaFields schema={variant} document={document} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set((schema.required ?? []) as string[]);
  if (Object.keys(properties).length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{typeLabel(schema)}</p>;
  return (
    <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {Object.entries(properties).map(([name, property]) => (
        <div key={name} className="py-2">
          <dt className="flex flex-wrap items-baseline gap-2 text-sm">
            <code className="font-mono font-semibold">{name}</code>
            <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{typeLabel(resolveSchema(property, document))}</span>
            {required.has(name) ? <span className="text-xs font-medium text-rose-600 dark:text-rose-400">required</span> : null}
            {constraints(property).map((constraint) => (
              <span key={constraint} className="rounded bg-zinc-100 px-1.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                {constraint}
              </span>
            ))}
          </dt>
          {typeof property.description === 'string' ? (
            <dd className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              <MarkdownCode text={property.description} />
            </dd>
          ) : null}
          {property.type === 'object' && property.properties && depth < 4 ? (
            <dd className="mt-2 border-l-2 border-zinc-200 pl-4 dark:border-zinc-700">
              <SchemaFields schema={property} document={document} depth={depth + 1} />
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
