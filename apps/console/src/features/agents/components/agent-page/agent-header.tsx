'use client';

import type { AgentDetailView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { useState } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { CopyButton } from '~/components/copy-button';
import { ErrorNotice } from '~/components/error-notice';
import { useCanOperate, useIsAdmin } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

/** Run-this-version link: the new-run form opens with the agent and version chosen. */
export function runVersionHref(agentId: string, version: number): Route {
  return `/runs/new?agentId=${agentId}&version=${version}` as Route;
}

export function AgentHeader({ agent }: { agent: AgentDetailView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const canOperate = useCanOperate();
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  const options = { onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.agents.pathKey() }) };
  const archive = useMutation(trpc.agents.archive.mutationOptions({ ...options, onSuccess: () => setConfirmingArchive(false) }));
  const unarchive = useMutation(trpc.agents.unarchive.mutationOptions(options));
  const failure = unarchive.error;

  return (
    <header className="space-y-3 border-b border-zinc-200 pb-6 dark:border-zinc-800">
      <Link href="/agents" className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
        ← Agents
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{agent.name}</h1>
            {agent.latestVersion !== null ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                v{agent.latestVersion}
              </span>
            ) : null}
            {agent.archived ? (
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">archived</span>
            ) : null}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-1 font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">
            {agent.slug} · {agent.id}
            <CopyButton text={agent.id} label="Copy id" />
          </p>
          {agent.description ? <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{agent.description}</p> : null}
        </div>
        <div className="flex items-center gap-2">
          {canOperate && agent.latestVersion !== null && !agent.archived ? (
            <Link href={runVersionHref(agent.id, agent.latestVersion)} className={buttonStyles.primary}>
              Run v{agent.latestVersion}
            </Link>
          ) : null}
          {isAdmin ? (
            agent.archived ? (
              <button type="button" className={buttonStyles.secondary} disabled={unarchive.isPending} onClick={() => unarchive.mutate({ agentId: agent.id })}>
                Unarchive
              </button>
            ) : (
              <button
                type="button"
                className={buttonStyles.danger}
                disabled={archive.isPending}
                onClick={() => {
                  archive.reset();
                  setConfirmingArchive(true);
                }}
              >
                Archive
              </button>
            )
          ) : null}
          <ConfirmDialog
            open={confirmingArchive}
            title={`Archive ${agent.name}?`}
            confirmLabel="Archive"
            pending={archive.isPending}
            error={archive.error?.message ?? null}
            onCancel={() => setConfirmingArchive(false)}
            onConfirm={() => archive.mutate({ agentId: agent.id })}
          >
            It keeps its versions and runs but cannot start new runs. You can unarchive it later.
          </ConfirmDialog>
        </div>
      </div>
      {failure ? <ErrorNotice title="The agent was not changed" message={failure.message} /> : null}
    </header>
  );
}
