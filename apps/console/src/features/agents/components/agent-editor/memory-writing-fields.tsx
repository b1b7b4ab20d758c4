import { withOptional, type ConfigUpdate, type EditorConfig } from '~/features/agents/components/agent-editor/editor-config';
import { fieldHintStyles } from '~/features/agents/components/agent-editor/field-styles';

type MemoryWriting = NonNullable<EditorConfig['memoryWriting']>;

/** `memoryWriting`: model-driven fact extraction (ADR 0024) and conversations as memory (ADR 0025). */
export function MemoryWritingFields({ config, update }: { config: EditorConfig; update: ConfigUpdate }) {
  const writing: MemoryWriting = config.memoryWriting ?? { extractFacts: false };
  const set = (next: MemoryWriting) =>
    update((current) => withOptional(current, 'memoryWriting', !next.extractFacts && !next.conversations ? undefined : next));
  const conversations = writing.conversations?.scope ?? 'off';
  return (
    <div className="space-y-3">
      <label className="flex gap-2 text-sm">
        <input type="checkbox" checked={writing.extractFacts} onChange={(event) => set({ ...writing, extractFacts: event.target.checked })} />
        <span>
          Extract facts after each run
          <span className={fieldHintStyles}>
            The agent&apos;s model proposes keyed facts and adds, updates or deletes memories (one extra model call per successful run; needs a model).
            Decisions can be undone in the memory inspector.
          </span>
        </span>
      </label>
      <label className="block space-y-1 text-sm">
        <span>Remember conversations</span>
        <select
          className="block rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          value={conversations}
          onChange={(event) => {
            const value = event.target.value;
            const { conversations: _previous, ...rest } = writing;
            set(value === 'thread' || value === 'user' ? { ...rest, conversations: { scope: value } } : rest);
          }}
        >
          <option value="off">Off</option>
          <option value="thread">Within the thread</option>
          <option value="user">Across the end user&apos;s threads</option>
        </select>
        <span className={fieldHintStyles}>Each turn becomes a memory a later thread can recall; erasing the thread or run erases it.</span>
      </label>
    </div>
  );
}
