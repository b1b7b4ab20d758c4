'use client';

import { useQuery } from '@tanstack/react-query';
import { cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { MemoryIcon } from '~/components/icons';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { MemoryItemRow } from '~/features/memory/components/memory-item-row';
import { memorySearchInput, type MemoryInspectorState } from '~/features/memory/memory-filters';
import { searchedLexicalOnly } from '~/features/memory/score-parts';
import type { useMemoryInspectorState } from '~/features/memory/hooks/use-memory-inspector-state';
import { useTRPC } from '~/trpc/react';

type HrefFor = ReturnType<typeof useMemoryInspectorState>['hrefFor'];

const modeLabels = { hybrid: 'hybrid (vector + full-text, fused)', vector: 'vector only', 'full-text': 'full-text only' } as const;

/** Search hits, best first, each with its score; superseded and expired items are never returned. */
export function MemorySearchResults({ state, hrefFor }: { state: MemoryInspectorState; hrefFor: HrefFor }) {
  const trpc = useTRPC();
  const hits = useQuery(trpc.memory.search.queryOptions(memorySearchInput(state)));

  if (hits.error) return <ErrorNotice title="The search failed" message={hits.error.message} />;
  if (hits.isPending) {
    return (
      <div className={cardStyles}>
        <SkeletonRows label="Searching memory" rows={6} />
      </div>
    );
  }
  if (hits.data.length === 0) {
    return (
      <CallToAction icon={<MemoryIcon />} title="Nothing found">
        No memory matches “{state.query}” in {state.scopeId ? 'the chosen scope or tenant-wide' : 'tenant-wide memory'}. Pick the thread, agent or end user it
        belongs to (search sees tenant-wide items plus that scope), or try other words.
      </CallToAction>
    );
  }
  return (
    <section aria-label="Search results" className="space-y-2">
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {hits.data.length} {hits.data.length === 1 ? 'hit' : 'hits'} · {modeLabels[state.mode]} · higher scores rank first · hits below the relevance
        threshold are not shown
      </p>
      {state.mode !== 'full-text' && searchedLexicalOnly(hits.data) ? (
        <p data-lexical-only className="text-xs text-amber-700 dark:text-amber-400">
          Full-text only: no vector list was searched (this database has no pgvector, or the query has no vector).
        </p>
      ) : null}
      <ul className={`${cardStyles} divide-y divide-zinc-100 overflow-hidden dark:divide-zinc-800`} onKeyDown={handleArrowNavigation}>
        {hits.data.map((hit) => (
          <MemoryItemRow
            key={hit.item.id}
            id={hit.item.id}
            kind={hit.item.kind}
            content={hit.item.content}
            itemKey={hit.item.key}
            score={hit.score}
            parts={hit.parts}
            selected={hit.item.id === state.itemId}
            href={hrefFor({ itemId: hit.item.id })}
          />
        ))}
      </ul>
    </section>
  );
}
