'use client';

import type { AgentDetailView, AgentVersionView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { BasicsSection } from '~/features/agents/components/agent-editor/basics-section';
import type { ConfigUpdate, EditorConfig } from '~/features/agents/components/agent-editor/editor-config';
import { JsonSection } from '~/features/agents/components/agent-editor/json-section';
import { LimitsSection } from '~/features/agents/components/agent-editor/limits-section';
import { MemorySection } from '~/features/agents/components/agent-editor/memory-section';
import { ModelSection } from '~/features/agents/components/agent-editor/model-section';
import { ToolsSection, type ToolOptions } from '~/features/agents/components/agent-editor/tools-section';
import { useTRPC } from '~/trpc/react';

interface AgentEditorProps {
  agent: AgentDetailView;
  latest: AgentVersionView;
  toolOptions: ToolOptions;
  /** Viewers and operators see the same form, disabled. */
  readOnly: boolean;
  onSaved: (version: number, created: boolean) => void;
}

/** Edits a copy of the latest version's config; saving makes version n+1 (or nothing, if unchanged). */
export function AgentEditor({ agent, latest, toolOptions, readOnly, onSaved }: AgentEditorProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [config, setConfig] = useState<EditorConfig>(latest.config);
  const [name, setName] = useState(agent.name);
  const [description, setDescription] = useState(agent.description);
  const update: ConfigUpdate = (change) => setConfig((current) => change(current));
  const save = useMutation(
    trpc.agents.saveVersion.mutationOptions({
      onSuccess: async (saved) => {
        await queryClient.invalidateQueries({ queryKey: trpc.agents.pathKey() });
        onSaved(saved.version.version, saved.created);
      },
    }),
  );
  const dirty = JSON.stringify(config) !== JSON.stringify(latest.config) || name !== agent.name || description !== agent.description;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ agentId: agent.id, config, name, description });
  }

  return (
    <form onSubmit={submit} aria-label="Agent configuration" className="space-y-5">
      <fieldset disabled={readOnly || agent.archived} className="min-w-0 space-y-5 wrap-anywhere">
        <BasicsSection name={name} description={description} onNameChange={setName} onDescriptionChange={setDescription} config={config} update={update} />
        <ModelSection config={config} update={update} />
        <ToolsSection config={config} update={update} options={toolOptions} />
        <LimitsSection config={config} update={update} />
        <MemorySection config={config} update={update} />
        <JsonSection config={config} onApply={setConfig} />
      </fieldset>
      {save.error ? <ErrorNotice title="Not saved" message={save.error.message} /> : null}
      {readOnly ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Only admins can change agents; this is the latest version, read-only.</p>
      ) : agent.archived ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">This agent is archived. Unarchive it to save new versions.</p>
      ) : (
        <div className="sticky bottom-0 flex items-center gap-3 border-t border-zinc-200 bg-white/90 py-3 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
          <button type="submit" className={buttonStyles.primary} disabled={save.isPending || !dirty}>
            {save.isPending ? 'Saving…' : `Save as version ${latest.version + 1}`}
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={!dirty || save.isPending}
            onClick={() => {
              setConfig(latest.config);
              setName(agent.name);
              setDescription(agent.description);
            }}
          >
            Discard changes
          </button>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">{dirty ? 'Unsaved changes' : `Showing version ${latest.version}`}</span>
        </div>
      )}
    </form>
  );
}
