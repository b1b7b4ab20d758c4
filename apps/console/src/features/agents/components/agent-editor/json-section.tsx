import { useState } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import type { EditorConfig } from '~/features/agents/components/agent-editor/editor-config';
import { fieldHintStyles, fieldsetStyles, legendStyles } from '~/features/agents/components/agent-editor/field-styles';

/**
 * The whole config as JSON, for what the form does not cover (sub-agents, fallback models, the
 * demo script). "Apply" replaces the form's state; the server validates on save.
 */
export function JsonSection({ config, onApply }: { config: EditorConfig; onApply: (config: EditorConfig) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <fieldset className={fieldsetStyles}>
      <legend className={legendStyles}>
        <h2>Advanced: the whole config as JSON</h2>
      </legend>
      {open ? (
        <>
          <textarea
            aria-label="Config JSON"
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={16}
            spellCheck={false}
            className={`${inputStyles} resize-y font-mono text-xs`}
          />
          {problem ? <ErrorNotice title="Not applied" message={problem} /> : null}
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                try {
                  const parsed: unknown = JSON.parse(text);
                  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('The config must be a JSON object.');
                  onApply(parsed as EditorConfig);
                  setProblem(null);
                  setOpen(false);
                } catch (error) {
                  setProblem((error as Error).message);
                }
              }}
            >
              Apply to the form
            </button>
            <button type="button" className={buttonStyles.ghost} onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </>
      ) : (
        <div className="flex items-center gap-3">
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => {
              setText(JSON.stringify(config, null, 2));
              setOpen(true);
            }}
          >
            Edit as JSON
          </button>
          <span className={fieldHintStyles}>Sub-agents, fallback models and the demo script are edited here.</span>
        </div>
      )}
    </fieldset>
  );
}
