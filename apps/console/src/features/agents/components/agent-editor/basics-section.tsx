import { inputStyles } from '~/components/button-styles';
import type { ConfigUpdate, EditorConfig } from '~/features/agents/components/agent-editor/editor-config';
import { fieldHintStyles, fieldLabelStyles, fieldsetStyles, legendStyles } from '~/features/agents/components/agent-editor/field-styles';
import { ModeChoice } from '~/features/agents/components/agent-editor/mode-choice';

interface BasicsSectionProps {
  name: string;
  description: string;
  onNameChange: (name: string) => void;
  onDescriptionChange: (description: string) => void;
  config: EditorConfig;
  update: ConfigUpdate;
}

/** Name and description belong to the agent; instructions and mode to the version. */
export function BasicsSection({ name, description, onNameChange, onDescriptionChange, config, update }: BasicsSectionProps) {
  return (
    <fieldset className={fieldsetStyles}>
      <legend className={legendStyles}>
        <h2>Prompt and mode</h2>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className={fieldLabelStyles}>
          Name
          <input value={name} onChange={(event) => onNameChange(event.target.value)} required maxLength={100} className={`${inputStyles} mt-1`} />
        </label>
        <label className={fieldLabelStyles}>
          Description
          <input value={description} onChange={(event) => onDescriptionChange(event.target.value)} maxLength={1_000} className={`${inputStyles} mt-1`} />
        </label>
      </div>
      <div>
        <label className={fieldLabelStyles}>
          Instructions
          <textarea
            name="instructions"
            aria-describedby="instructions-hint"
            value={config.instructions}
            onChange={(event) => update((current) => ({ ...current, instructions: event.target.value }))}
            rows={8}
            className={`${inputStyles} mt-1 resize-y font-mono`}
          />
        </label>
        <p id="instructions-hint" className={fieldHintStyles}>
          The system prompt every run of this version starts with.
        </p>
      </div>
      <ModeChoice value={config.mode} onChange={(mode) => update((current) => ({ ...current, mode }))} />
    </fieldset>
  );
}
