import { withOptional, type ConfigUpdate, type EditorConfig } from '~/features/agents/components/agent-editor/editor-config';
import { fieldHintStyles, fieldsetStyles, legendStyles } from '~/features/agents/components/agent-editor/field-styles';
import { MemoryWritingFields } from '~/features/agents/components/agent-editor/memory-writing-fields';
import { NumberField } from '~/features/agents/components/agent-editor/number-field';

/**
 * Automatic memory injection (search memory with the task before the first model call), and what
 * each run writes to memory afterwards (fact extraction, conversation turns).
 */
export function MemorySection({ config, update }: { config: EditorConfig; update: ConfigUpdate }) {
  const injection = config.memoryInjection;
  return (
    <fieldset className={fieldsetStyles}>
      <legend className={legendStyles}>
        <h2>Memory</h2>
      </legend>
      <label className="flex gap-2 text-sm">
        <input
          type="checkbox"
          checked={injection !== undefined}
          onChange={(event) =>
            update((current) => withOptional(current, 'memoryInjection', event.target.checked ? { maxMemories: 3, minScore: 0.39 } : undefined))
          }
        />
        <span>
          Inject relevant memories into the prompt
          <span className={fieldHintStyles}>The memory tools (memory_search, memory_store) are built-ins; enable them under Tools.</span>
        </span>
      </label>
      {injection ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            label="Memories per run (1–20)"
            value={injection.maxMemories}
            min={1}
            max={20}
            onChange={(value) => update((current) => ({ ...current, memoryInjection: { ...injection, maxMemories: value ?? 3 } }))}
          />
          <NumberField
            label="Minimum evidence (0–1)"
            value={injection.minScore}
            min={0}
            step={0.01}
            onChange={(value) => update((current) => ({ ...current, memoryInjection: { ...injection, minScore: value ?? 0.39 } }))}
          />
        </div>
      ) : null}
      <MemoryWritingFields config={config} update={update} />
    </fieldset>
  );
}
