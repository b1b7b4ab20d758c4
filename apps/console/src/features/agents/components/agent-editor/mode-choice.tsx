import { fieldHintStyles } from '~/features/agents/components/agent-editor/field-styles';

const modes = [
  { id: 'react', label: 'ReAct', hint: 'Think, call tools, answer — one step at a time.' },
  { id: 'plan', label: 'Plan', hint: 'Keep a written plan (plan_read / plan_update) and work through it.' },
] as const;

/** The agent's strategy, as two radio cards. */
export function ModeChoice({ value, onChange, disabled = false }: { value: 'react' | 'plan'; onChange: (mode: 'react' | 'plan') => void; disabled?: boolean }) {
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="text-sm font-medium">Mode</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {modes.map((mode) => (
          <label
            key={mode.id}
            className="flex cursor-pointer gap-2 rounded-lg border border-zinc-300 p-3 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 dark:border-zinc-700 dark:has-checked:bg-brand-950/40"
          >
            <input type="radio" name="mode" value={mode.id} checked={value === mode.id} onChange={() => onChange(mode.id)} className="mt-0.5" />
            <span>
              <span className="font-medium">{mode.label}</span>
              <span className={fieldHintStyles}>{mode.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
