'use client';

import type { EraseReceipt } from '@agentloom/platform';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { PlusIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';
import { EraseAction } from '~/features/memory/components/erase-action';
import { EraseReceiptCard } from '~/features/memory/components/erase-receipt';
import { MemoryBrowseList } from '~/features/memory/components/memory-browse-list';
import { MemoryDetail } from '~/features/memory/components/memory-detail';
import { MemoryFilterBar } from '~/features/memory/components/memory-filter-bar';
import { MemorySearchBox } from '~/features/memory/components/memory-search-box';
import { MemorySearchResults } from '~/features/memory/components/memory-search-results';
import { NewMemoryForm } from '~/features/memory/components/new-memory-form';
import { useMemoryInspectorState } from '~/features/memory/hooks/use-memory-inspector-state';
import { useCanOperate } from '~/features/session/principal-context';

/** Browse and search memory on the left, the selected item on the right; all of it in the URL. */
export function MemoryInspector() {
  const canOperate = useCanOperate();
  const { state, navigate, hrefFor } = useMemoryInspectorState();
  const [creating, setCreating] = useState(false);
  const [receipt, setReceipt] = useState<EraseReceipt | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const itemHref = (itemId: string) => hrefFor({ itemId });

  const newMemory =
    canOperate && !creating ? (
      <button type="button" className={buttonStyles.primary} onClick={() => setCreating(true)}>
        <PlusIcon className="size-4" />
        New memory
      </button>
    ) : null;

  return (
    <>
      <PageHeader
        title="Memory"
        description="Facts, documents, procedures and run episodes agents remember, how search ranks them, and which prompts they reached."
        actions={newMemory}
      />
      {creating ? (
        <div className="mt-6">
          <NewMemoryForm
            state={state}
            onCancel={() => setCreating(false)}
            onStored={(item) => {
              setCreating(false);
              navigate({ itemId: item.id });
            }}
          />
        </div>
      ) : null}
      <div className="mt-6 space-y-4">
        <MemoryFilterBar state={state} onChange={(next) => navigate({ ...next, itemId: undefined })} />
        <div className="flex flex-wrap items-center gap-3">
          <div className="min-w-0 flex-1">
            <MemorySearchBox key={`${state.query}|${state.mode}`} state={state} onSearch={(next) => navigate(next)} />
          </div>
          {state.level === 'thread' && state.scopeId ? (
            <EraseAction
              unit="thread"
              id={state.scopeId}
              onErased={(erased) => {
                setReceipt(erased);
                navigate({ scopeId: undefined, itemId: undefined });
              }}
            />
          ) : null}
        </div>
        {receipt ? (
          <div className="space-y-2">
            <EraseReceiptCard receipt={receipt} />
            <button type="button" className={buttonStyles.ghost} onClick={() => setReceipt(null)}>
              Dismiss receipt
            </button>
          </div>
        ) : null}
        {notice ? (
          <p
            role="status"
            className="flex items-center justify-between rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300"
          >
            {notice}
            <button type="button" className={buttonStyles.ghost} onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </p>
        ) : null}
      </div>
      <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0">
          {state.query ? <MemorySearchResults state={state} hrefFor={hrefFor} /> : <MemoryBrowseList state={state} hrefFor={hrefFor} />}
        </div>
        <aside aria-label="Selected memory" className="lg:sticky lg:top-6">
          {state.itemId ? (
            <MemoryDetail
              key={state.itemId}
              memoryItemId={state.itemId}
              hrefFor={itemHref}
              onClose={() => navigate({ itemId: undefined })}
              onForgotten={() => {
                setNotice('Memory forgotten: the item, its vector and its injection records are gone.');
                navigate({ itemId: undefined });
              }}
              onErased={(erased) => {
                setReceipt(erased);
                navigate({ itemId: undefined });
              }}
            />
          ) : (
            <p className={`${cardStyles} px-4 py-10 text-center text-sm text-zinc-500 dark:text-zinc-400`}>
              Select a memory to see its content, key history and the runs it reached. Arrow keys move through the list.
            </p>
          )}
        </aside>
      </div>
    </>
  );
}
