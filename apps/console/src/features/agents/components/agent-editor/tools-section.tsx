import { withOptional, type ConfigUpdate, type EditorConfig } from '~/features/agents/components/agent-editor/editor-config';
import { fieldHintStyles, fieldsetStyles, legendStyles } from '~/features/agents/components/agent-editor/field-styles';
import { NumberField } from '~/features/agents/components/agent-editor/number-field';

export interface ToolOptions {
  platformTools: { name: string; description: string; sideEffects: string }[];
  builtinTools: readonly { name: string; description: string; appliesWhen: string }[];
}

function toggled(list: readonly string[], name: string, on: boolean): string[] {
  return on ? [...new Set([...list, name])] : list.filter((entry) => entry !== name);
}

/** Platform tools by name, built-ins (all applicable, or a chosen few), and per-tool approval. */
export function ToolsSection({ config, update, options }: { config: EditorConfig; update: ConfigUpdate; options: ToolOptions }) {
  const allBuiltins = config.builtinTools === undefined;
  const enabledNames = [...config.tools, ...(config.builtinTools ?? options.builtinTools.map((tool) => tool.name))];
  return (
    <fieldset className={fieldsetStyles}>
      <legend className={legendStyles}>
        <h2>Tools and approvals</h2>
      </legend>
      <div>
        <h3 className="text-sm font-medium">Platform tools</h3>
        {options.platformTools.length === 0 ? <p className={fieldHintStyles}>No platform tools are registered in this installation.</p> : null}
        <ul className="mt-2 space-y-2">
          {options.platformTools.map((tool) => (
            <li key={tool.name} className="flex flex-wrap items-start justify-between gap-3">
              <label className="flex gap-2 text-sm">
                <input
                  type="checkbox"
                  name={`tool-${tool.name}`}
                  checked={config.tools.includes(tool.name)}
                  onChange={(event) => update((current) => ({ ...current, tools: toggled(current.tools, tool.name, event.target.checked) }))}
                  className="mt-0.5"
                />
                <span>
                  <span className="font-mono">{tool.name}</span> <span className="text-xs text-zinc-500 dark:text-zinc-400">({tool.sideEffects})</span>
                  <span className={fieldHintStyles}>{tool.description}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-sm font-medium">Built-in tools</h3>
        <label className="mt-2 flex gap-2 text-sm">
          <input
            type="checkbox"
            checked={allBuiltins}
            onChange={(event) =>
              update((current) => withOptional(current, 'builtinTools', event.target.checked ? undefined : options.builtinTools.map((tool) => tool.name)))
            }
          />
          Every built-in that applies (the runtime picks by mode, sub-agents, memory and skills)
        </label>
        {allBuiltins ? null : (
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {options.builtinTools.map((tool) => (
              <li key={tool.name}>
                <label className="flex gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={config.builtinTools?.includes(tool.name) ?? false}
                    onChange={(event) =>
                      update((current) => ({ ...current, builtinTools: toggled(current.builtinTools ?? [], tool.name, event.target.checked) }))
                    }
                    className="mt-0.5"
                  />
                  <span>
                    <span className="font-mono">{tool.name}</span>
                    <span className={fieldHintStyles}>
                      {tool.description} Applies {tool.appliesWhen}.
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ApprovalPolicy config={config} update={update} toolNames={enabledNames} />
    </fieldset>
  );
}

function ApprovalPolicy({ config, update, toolNames }: { config: EditorConfig; update: ConfigUpdate; toolNames: string[] }) {
  const names = [...new Set([...toolNames, ...Object.keys(config.approvals)])].sort();
  return (
    <div>
      <h3 className="text-sm font-medium">Approval policy</h3>
      <p className={fieldHintStyles}>“Always” pauses the run for a human decision before the tool runs.</p>
      <ul className="mt-2 divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {names.map((name) => (
          <li key={name} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm">
            <span className="font-mono">{name}</span>
            <select
              aria-label={`Approval for ${name}`}
              value={config.approvals[name] ?? ''}
              onChange={(event) => {
                const value = event.target.value as 'always' | 'never' | '';
                update((current) => {
                  const approvals = { ...current.approvals };
                  if (value === '') delete approvals[name];
                  else approvals[name] = value;
                  return { ...current, approvals };
                });
              }}
              className="rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            >
              <option value="">default (the tool's own rule)</option>
              <option value="always">always ask</option>
              <option value="never">never ask</option>
            </select>
          </li>
        ))}
      </ul>
      <div className="mt-3 max-w-xs">
        <NumberField
          label="Approvals expire after (minutes)"
          value={config.approvalExpiryMinutes}
          min={1}
          placeholder="never"
          onChange={(value) => update((current) => withOptional(current, 'approvalExpiryMinutes', value))}
          hint="An expired approval rejects the call with reason “expired”."
        />
      </div>
    </div>
  );
}
