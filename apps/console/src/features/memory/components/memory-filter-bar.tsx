'use client';

import { inputStyles } from '~/components/button-styles';
import { MemoryScopePicker } from '~/features/memory/components/memory-scope-picker';
import type { MemoryInspectorState } from '~/features/memory/memory-filters';
import { memoryKindLabels, memoryKinds, memoryLevelLabels, memoryLevels } from '~/features/memory/memory-options';

const labelStyles = 'text-xs font-medium text-zinc-600 dark:text-zinc-400';

/** Level, scope and kind; changing any of them keeps the search text but drops the selection. */
export function MemoryFilterBar({ state, onChange }: { state: MemoryInspectorState; onChange: (next: Partial<MemoryInspectorState>) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className={labelStyles}>
        Level
        <select
          value={state.level ?? ''}
          onChange={(event) => onChange({ level: memoryLevels.find((level) => level === event.target.value), scopeId: undefined })}
          className={`${inputStyles} mt-1 w-48`}
        >
          <option value="">Every level</option>
          {memoryLevels.map((level) => (
            <option key={level} value={level}>
              {memoryLevelLabels[level]}
            </option>
          ))}
        </select>
      </label>
      <MemoryScopePicker level={state.level} scopeId={state.scopeId} onChange={(scopeId) => onChange({ scopeId })} />
      <label className={labelStyles}>
        Kind
        <select
          value={state.kind ?? ''}
          onChange={(event) => onChange({ kind: memoryKinds.find((kind) => kind === event.target.value) })}
          className={`${inputStyles} mt-1 w-44`}
        >
          <option value="">Every kind</option>
          {memoryKinds.map((kind) => (
            <option key={kind} value={kind}>
              {memoryKindLabels[kind]}
            </option>
          ))}
        </select>
      </label>
      {state.level || state.kind ? (
        <button
          type="button"
          onClick={() => onChange({ level: undefined, scopeId: undefined, kind: undefined })}
          className="pb-2 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
