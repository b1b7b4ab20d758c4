'use client';

import type { MemoryItemView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { MemoryScopePicker } from '~/features/memory/components/memory-scope-picker';
import type { MemoryInspectorState, MemoryKindName, MemoryLevel } from '~/features/memory/memory-filters';
import { memoryKindLabels, memoryKinds, memoryLevelLabels, memoryLevels } from '~/features/memory/memory-options';
import { useTRPC } from '~/trpc/react';

const labelStyles = 'block text-xs font-medium text-zinc-600 dark:text-zinc-400';

/**
 * Stores an item by hand (the same path as the memory_store tool): level and scope, kind, optional
 * key (a new value for an existing key supersedes the old one), content, pinned.
 */
export function NewMemoryForm({ state, onStored, onCancel }: { state: MemoryInspectorState; onStored: (item: MemoryItemView) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [level, setLevel] = useState<MemoryLevel>(state.level ?? 'project');
  const [scopeId, setScopeId] = useState<string | undefined>(state.scopeId);
  const [kind, setKind] = useState<MemoryKindName>(state.kind ?? 'fact');
  const [key, setKey] = useState('');
  const [content, setContent] = useState('');
  const [pinned, setPinned] = useState(false);
  const store = useMutation(
    trpc.memory.store.mutationOptions({
      onSuccess: async (item) => {
        await queryClient.invalidateQueries({ queryKey: trpc.memory.pathKey() });
        onStored(item);
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    store.mutate({
      scope: { level, ...(level !== 'project' && scopeId ? { id: scopeId } : {}) },
      kind,
      content,
      pinned,
      ...(key.trim() ? { key: key.trim() } : {}),
    });
  }

  return (
    <form onSubmit={submit} aria-label="New memory" className={`${cardStyles} space-y-4 p-4`}>
      <div className="flex flex-wrap items-end gap-3">
        <label className={labelStyles}>
          Level
          <select
            value={level}
            onChange={(event) => {
              setLevel(memoryLevels.find((candidate) => candidate === event.target.value) ?? 'project');
              setScopeId(undefined);
            }}
            className={`${inputStyles} mt-1 w-48`}
          >
            {memoryLevels.map((candidate) => (
              <option key={candidate} value={candidate}>
                {memoryLevelLabels[candidate]}
              </option>
            ))}
          </select>
        </label>
        <MemoryScopePicker level={level} scopeId={scopeId} onChange={setScopeId} />
        <label className={labelStyles}>
          Kind
          <select
            value={kind}
            onChange={(event) => setKind(memoryKinds.find((candidate) => candidate === event.target.value) ?? 'fact')}
            className={`${inputStyles} mt-1 w-44`}
          >
            {memoryKinds.map((candidate) => (
              <option key={candidate} value={candidate}>
                {memoryKindLabels[candidate]}
              </option>
            ))}
          </select>
        </label>
        <label className={labelStyles}>
          Key <span className="font-normal">(optional)</span>
          <input
            value={key}
            onChange={(event) => setKey(event.target.value)}
            maxLength={200}
            placeholder="user.preferred_language"
            className={`${inputStyles} mt-1 w-56 font-mono`}
          />
        </label>
      </div>
      <label className={labelStyles}>
        Content
        <textarea
          value={content}
          onChange={(event) => setContent(event.target.value)}
          rows={3}
          required
          maxLength={20_000}
          className={`${inputStyles} mt-1 resize-y`}
        />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={pinned} onChange={(event) => setPinned(event.target.checked)} className="size-4 rounded border-zinc-300" />
        Pinned (ranked first whenever it matches)
      </label>
      {store.error ? <ErrorNotice title="The memory was not stored" message={store.error.message} /> : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={store.isPending}>
          {store.isPending ? 'Storing…' : 'Store memory'}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
