import { MethodBadge } from '~/features/api-docs/components/method-badge';
import { OperationCard } from '~/features/api-docs/components/operation-card';
import { operationsByTag } from '~/features/api-docs/openapi-view';

const tagAnchor = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The whole API: a table of contents by tag, then each tag's operations. */
export function ApiReference({ document }: { document: Record<string, unknown> }) {
  const tags = operationsByTag(document);
  return (
    <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label="API sections" className="self-start text-sm lg:sticky lg:top-6">
        <ul className="space-y-4">
          {tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#${tagAnchor(tag.name)}`} className="font-semibold hover:text-brand-600">
                {tag.name}
              </a>
              <ul className="mt-1 space-y-1">
                {tag.operations.map((operation) => (
                  <li key={operation.id}>
                    <a href={`#${operation.id}`} className="flex items-center gap-2 text-zinc-600 hover:text-brand-600 dark:text-zinc-400">
                      <span className="scale-90">
                        <MethodBadge method={operation.method} />
                      </span>
                      <span className="min-w-0 truncate">{operation.summary}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-10">
        {tags.map((tag) => (
          <section key={tag.name} id={tagAnchor(tag.name)} aria-label={tag.name} className="scroll-mt-6">
            <h2 className="text-lg font-semibold">{tag.name}</h2>
            <div className="mt-4 space-y-4">
              {tag.operations.map((operation) => (
                <OperationCard key={operation.id} operation={operation} document={document} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
