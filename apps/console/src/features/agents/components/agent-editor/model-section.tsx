import { inputStyles } from '~/components/button-styles';
import { withOptional, type ConfigUpdate, type EditorConfig, type ModelSettings } from '~/features/agents/components/agent-editor/editor-config';
import { fieldHintStyles, fieldLabelStyles, fieldsetStyles, legendStyles } from '~/features/agents/components/agent-editor/field-styles';
import { NumberField } from '~/features/agents/components/agent-editor/number-field';

const providers = [
  { id: '', label: 'Offline demo script (no model)' },
  { id: 'openai', label: 'OpenAI' },
  { id: 'anthropic', label: 'Anthropic' },
  { id: 'openai-compatible', label: 'OpenAI-compatible endpoint' },
] as const;

/** Mirrors the platform's marker for a stored model key: sent back unchanged, the server keeps the key. */
const redactedSecret = '[redacted]';

/** Which model the version calls; none means the offline demo script plays the agent. */
export function ModelSection({ config, update }: { config: EditorConfig; update: ConfigUpdate }) {
  const model = config.model;
  const setModel = (change: (current: ModelSettings) => ModelSettings) =>
    update((current) => (current.model ? { ...current, model: change(current.model) } : current));

  return (
    <fieldset className={fieldsetStyles}>
      <legend className={legendStyles}>
        <h2>Model</h2>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className={fieldLabelStyles}>
          Provider
          <select
            value={model?.provider ?? ''}
            onChange={(event) => {
              const provider = event.target.value as ModelSettings['provider'] | '';
              update((current) =>
                provider === '' ? withOptional(current, 'model', undefined) : { ...current, model: { ...(current.model ?? { model: '' }), provider } },
              );
            }}
            className={`${inputStyles} mt-1`}
          >
            {providers.map((provider) => (
              <option key={provider.id} value={provider.id}>
                {provider.label}
              </option>
            ))}
          </select>
        </label>
        {model ? (
          <label className={fieldLabelStyles}>
            Model name
            <input
              value={model.model}
              onChange={(event) => setModel((current) => ({ ...current, model: event.target.value }))}
              required
              className={`${inputStyles} mt-1 font-mono`}
            />
          </label>
        ) : (
          <p className={`${fieldHintStyles} self-end`}>
            {config.demoScript
              ? 'Runs replay the agent\'s demo script: useful offline and in tests, no key needed.'
              : 'This version has no demo script, so it cannot run: choose a provider, or add "demoScript" in the JSON section. Saving is refused until then.'}
          </p>
        )}
      </div>
      {model ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <label className={fieldLabelStyles}>
            Base URL {model.provider === 'openai-compatible' ? null : <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>}
            <input
              value={model.baseURL ?? ''}
              onChange={(event) => setModel((current) => withOptional(current, 'baseURL', event.target.value || undefined))}
              required={model.provider === 'openai-compatible'}
              className={`${inputStyles} mt-1 font-mono`}
            />
          </label>
          <label className={fieldLabelStyles}>
            API key <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
            <input
              type="password"
              autoComplete="off"
              value={model.apiKey ?? ''}
              onChange={(event) => setModel((current) => withOptional(current, 'apiKey', event.target.value || undefined))}
              className={`${inputStyles} mt-1 font-mono`}
            />
            <span className={fieldHintStyles}>
              {model.apiKey === redactedSecret ? 'A key is stored; leave it to keep it.' : 'Empty: the provider key from the environment.'}
            </span>
          </label>
          <NumberField
            label="Context window (tokens)"
            value={model.contextWindowTokens}
            min={1}
            onChange={(value) => setModel((current) => withOptional(current, 'contextWindowTokens', value))}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
