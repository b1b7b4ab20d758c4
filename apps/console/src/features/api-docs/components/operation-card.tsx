import { cardStyles } from '~/components/button-styles';
import { MarkdownCode } from '~/features/api-docs/components/markdown-code';
import { MethodBadge, RoleBadge } from '~/features/api-docs/components/method-badge';
import { SchemaFields } from '~/features/api-docs/components/schema-fields';
import { constraints, typeLabel, type OperationView } from '~/features/api-docs/openapi-view';

const sectionTitle = 'text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400';

/** One operation: method, path, role, what it does, its parameters, body and responses. */
export function OperationCard({ operation, document }: { operation: OperationView; document: Record<string, unknown> }) {
  return (
    <article id={operation.id} aria-label={`${operation.method} ${operation.path}`} className={`${cardStyles} scroll-mt-6 p-5 wrap-anywhere`}>
      <header className="flex flex-wrap items-center gap-3">
        <MethodBadge method={operation.method} />
        <code className="font-mono text-sm font-semibold break-all">{operation.path}</code>
        <RoleBadge role={operation.role} />
      </header>
      {/* h3 under the tag's h2, above the h4 sections: the headings step down one level at a time. */}
      <h3 className="mt-2 text-sm font-medium">{operation.summary}</h3>
      {operation.description ? (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          <MarkdownCode text={operation.description} />
        </p>
      ) : null}
      {operation.parameters.length > 0 ? (
        <section className="mt-4">
          <h4 className={sectionTitle}>Parameters</h4>
          {/* On a phone the table scrolls inside its own box instead of widening the page. */}
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {operation.parameters.map((parameter) => (
                  <tr key={`${parameter.location}:${parameter.name}`} className="align-top">
                    <td className="py-1.5 pr-3 font-mono font-semibold whitespace-nowrap">{parameter.name}</td>
                    <td className="py-1.5 pr-3 text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">{parameter.location}</td>
                    <td className="py-1.5 pr-3 font-mono text-xs text-zinc-500 dark:text-zinc-400">
                      {typeLabel(parameter.schema)}
                      {parameter.required ? <span className="ml-2 font-sans font-medium text-rose-600 dark:text-rose-400">required</span> : null}
                    </td>
                    <td className="py-1.5 text-zinc-600 dark:text-zinc-400">
                      <MarkdownCode text={[parameter.description, ...constraints(parameter.schema)].filter(Boolean).join(' · ')} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {operation.body ? (
        <section className="mt-4">
          <h4 className={sectionTitle}>Request body (JSON)</h4>
          <div className="mt-2">
            <SchemaFields schema={operation.body} document={document} />
          </div>
        </section>
      ) : null}
      <section className="mt-4">
        <h4 className={sectionTitle}>Responses</h4>
        <ul className="mt-2 space-y-1 text-sm">
          {operation.responses.map((response) => (
            <li key={response.status} className="flex gap-3">
              <code
                className={`font-mono font-semibold ${response.status.startsWith('2') ? 'text-emerald-700 dark:text-emerald-400' : 'text-zinc-500 dark:text-zinc-400'}`}
              >
                {response.status}
              </code>
              <span className="text-zinc-600 dark:text-zinc-400">
                <MarkdownCode text={response.description} />
              </span>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
