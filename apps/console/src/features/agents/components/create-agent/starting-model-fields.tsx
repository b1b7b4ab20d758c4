import { inputStyles } from '~/components/button-styles';
import { fieldHintStyles, fieldLabelStyles } from '~/features/agents/components/agent-editor/field-styles';

/** What a new agent runs on: a model endpoint, or the offline demo script with one reply. */
export interface StartingModel {
  provider: '' | 'openai' | 'anthropic' | 'openai-compatible';
  model: string;
  baseURL: string;
  demoReply: string;
}

export const defaultStartingModel: StartingModel = { provider: '', model: '', baseURL: '', demoReply: 'Hello! I am a demo agent and reply from a script.' };

/**
 * The config part for the chosen model. The server refuses an agent with neither a model nor a
 * demo script (it could never run), so the demo choice always carries a one-reply script.
 */
export function startingModelConfig(choice: StartingModel): Record<string, unknown> {
  if (choice.provider === '') return { demoScript: { replies: [{ text: choice.demoReply }] } };
  return { model: { provider: choice.provider, model: choice.model, ...(choice.baseURL ? { baseURL: choice.baseURL } : {}) } };
}

/** Provider, then either the model name (and base URL) or the demo reply: every choice makes a runnable agent. */
export function StartingModelFields({ value, onChange }: { value: StartingModel; onChange: (next: StartingModel) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className={fieldLabelStyles}>
        Runs on
        <select value={value.provider} onChange={(event) => onChange({ ...value, provider: event.target.value as StartingModel['provider'] })} className={`${inputStyles} mt-1`}>
          <option value="">Offline demo script (no model)</option>
          <option value="openai">OpenAI</option>
          <option value="anthropic">Anthropic</option>
          <option value="openai-compatible">OpenAI-compatible endpoint</option>
        </select>
      </label>
      {value.provider === '' ? (
        <label className={fieldLabelStyles}>
          Demo reply
          <input value={value.demoReply} onChange={(event) => onChange({ ...value, demoReply: event.target.value })} required className={`${inputStyles} mt-1`} />
          <span className={fieldHintStyles}>The script the agent plays without a model; edit it later in the JSON section.</span>
        </label>
      ) : (
        <label className={fieldLabelStyles}>
          Model name
          <input value={value.model} onChange={(event) => onChange({ ...value, model: event.target.value })} required className={`${inputStyles} mt-1 font-mono`} />
          <span className={fieldHintStyles}>API key: set it on the agent page, or leave it to the executor&apos;s environment.</span>
        </label>
      )}
      {value.provider === 'openai-compatible' ? (
        <label className={`${fieldLabelStyles} sm:col-span-2`}>
          Base URL
          <input type="url" value={value.baseURL} onChange={(event) => onChange({ ...value, baseURL: event.target.value })} required className={`${inputStyles} mt-1 font-mono`} />
        </label>
      ) : null}
    </div>
  );
}
