import { withOptional, type CompactionSettings, type ConfigUpdate, type EditorConfig } from '~/features/agents/components/agent-editor/editor-config';
import { fieldHintStyles, fieldLabelStyles, fieldsetStyles, legendStyles } from '~/features/agents/components/agent-editor/field-styles';
import { NumberField } from '~/features/agents/components/agent-editor/number-field';

const compactionDefaults: Record<CompactionSettings['kind'], CompactionSettings> = {
  budget: { kind: 'budget', contextTokens: 128_000, threshold: 0.8 },
  character: { kind: 'character', triggerChars: 60_000, keepRecentChars: 16_000 },
};

/** Stop conditions, completion checks and how long transcripts are compacted. */
export function LimitsSection({ config, update }: { config: EditorConfig; update: ConfigUpdate }) {
  const compaction = config.compaction;
  const setCompaction = (next: CompactionSettings) => update((current) => ({ ...current, compaction: next }));
  return (
    <fieldset className={fieldsetStyles}>
      <legend className={legendStyles}>
        <h2>Limits, completion and compaction</h2>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          label="Max model calls"
          value={config.limits.maxModelCalls}
          min={1}
          onChange={(value) => update((current) => ({ ...current, limits: withOptional(current.limits, 'maxModelCalls', value) }))}
        />
        <NumberField
          label="Max iterations"
          value={config.limits.maxIterations}
          min={1}
          onChange={(value) => update((current) => ({ ...current, limits: withOptional(current.limits, 'maxIterations', value) }))}
        />
      </div>
      <div className="flex flex-wrap gap-6 text-sm">
        <label className="flex gap-2">
          <input
            type="checkbox"
            checked={config.completion.verify}
            onChange={(event) => update((current) => ({ ...current, completion: { ...current.completion, verify: event.target.checked } }))}
          />
          Verify the answer before finishing (one more model call per answer)
        </label>
        <label className="flex gap-2">
          <input
            type="checkbox"
            checked={config.completion.requireToolEvidence}
            onChange={(event) => update((current) => ({ ...current, completion: { ...current.completion, requireToolEvidence: event.target.checked } }))}
          />
          Require tool evidence for the answer
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <label className={fieldLabelStyles}>
          Compaction
          <select
            value={compaction?.kind ?? ''}
            onChange={(event) => {
              const kind = event.target.value as CompactionSettings['kind'] | '';
              update((current) => (kind === '' ? withOptional(current, 'compaction', undefined) : { ...current, compaction: compactionDefaults[kind] }));
            }}
            className="mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="">Off</option>
            <option value="budget">Token budget</option>
            <option value="character">Character count</option>
          </select>
          <span className={fieldHintStyles}>Summarises older turns when the transcript grows.</span>
        </label>
        {compaction?.kind === 'budget' ? (
          <>
            <NumberField
              label="Context tokens"
              value={compaction.contextTokens}
              min={1}
              onChange={(value) => setCompaction({ ...compaction, contextTokens: value ?? 128_000 })}
            />
            <NumberField
              label="Threshold (0–1)"
              value={compaction.threshold}
              min={0.05}
              max={1}
              step={0.05}
              onChange={(value) => setCompaction({ ...compaction, threshold: value ?? 0.8 })}
            />
          </>
        ) : null}
        {compaction?.kind === 'character' ? (
          <>
            <NumberField
              label="Trigger at (characters)"
              value={compaction.triggerChars}
              min={1}
              onChange={(value) => setCompaction({ ...compaction, triggerChars: value ?? 60_000 })}
            />
            <NumberField
              label="Keep recent (characters)"
              value={compaction.keepRecentChars}
              min={1}
              onChange={(value) => setCompaction({ ...compaction, keepRecentChars: value ?? 16_000 })}
            />
          </>
        ) : null}
      </div>
    </fieldset>
  );
}
