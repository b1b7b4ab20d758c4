'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { MemoryIcon } from '~/components/icons';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { MemoryItemRow } from '~/features/memory/components/memory-item-row';
import { memoryListInput, type MemoryInspectorState } from '~/features/memory/memory-filters';
import type { useMemoryInspectorState } from '~/features/memory/hooks/use-memory-inspector-state';
import { useTRPC } from '~/trpc/react';

type HrefFor = ReturnType<typeof useMemoryInspectorState>['hrefFor'];

/** Items of the chosen level, scope and kind, newest first, "Load more" by cursor. */
export function MemoryBrowseList({ state, hrefFor }: { state: MemoryInspectorState; hrefFor: HrefFor }) {
  const trpc = useTRPC();
  const items = useInfiniteQuery(trpc.memory.list.infiniteQueryOptions(memoryListInput(state), { getNextPageParam: (page) => page.nextCursor ?? undefined }));
  const rows = items.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = state.level !== undefined || state.kind !== undefined;

  if (items.error) return <ErrorNotice title="The memory could not be loaded" message={items.error.message} />;
  if (items.isPending) {
    return (
      <div className={cardStyles}>
        <SkeletonRows label="Loading memory" rows={6} />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <CallToAction icon={<MemoryIcon />} title={filtered ? 'No memory matches these filters' : 'No memory yet'}>
        {filtered
          ? 'Pick another level, scope or kind, or clear the filters.'
          : 'Agents write memory with the memory_store tool and after each run (episodes); add a fact with “New memory” to try search.'}
      </CallToAction>
    );
  }
  return (
    <section aria-label="Memory items" className="space-y-3">
      <ul className={`${cardStyles} divide-y divide-zinc-100 overflow-hidden dark:divide-zinc-800`} onKeyDown={handleArrowNavigation}>
        {rows.map((item) => (
          <MemoryItemRow
            key={item.id}
            id={item.id}
            kind={item.kind}
            content={item.content}
            itemKey={item.key}
            level={item.level}
            pinned={item.pinned}
            superseded={item.supersededById !== null}
            selected={item.id === state.itemId}
            href={hrefFor({ itemId: item.id })}
          />
        ))}
      </ul>
      {items.hasNextPage ? (
        <div className="flex justify-center">
          <button type="button" className={buttonStyles.secondary} disabled={items.isFetchingNextPage} onClick={() => void items.fetchNextPage()}>
            {items.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
