'use client';

import type { McpServerView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { LocalTime } from '~/components/local-time';
import { useTRPC } from '~/trpc/react';

/** One server: where it runs, which headers are set (never their values), test, delete. */
export function McpServerCard({ server }: { server: McpServerView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const test = useMutation(trpc.mcpServers.test.mutationOptions());
  const remove = useMutation(
    trpc.mcpServers.delete.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.mcpServers.list.queryKey() }) }),
  );
  const result = test.data;
  return (
    <article aria-label={`MCP server ${server.name}`} className={`${cardStyles} p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold">{server.name}</p>
          <p className="mt-1 font-mono text-sm break-all text-zinc-600 dark:text-zinc-400">
            {server.transport === 'stdio' ? `stdio: ${server.stdioCommand ?? ''}` : server.url}
          </p>
          {server.headers.length > 0 ? (
            <p className="mt-2 flex flex-wrap gap-1.5">
              {server.headers.map((header) => (
                <span key={header.name} className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">
                  {header.name}: set
                </span>
              ))}
            </p>
          ) : null}
          <p className="mt-2 text-xs text-zinc-500">Added <LocalTime iso={server.createdAt} /></p>
        </div>
        <div className="flex gap-2">
          <button type="button" className={buttonStyles.secondary} disabled={test.isPending} onClick={() => test.mutate({ mcpServerId: server.id })}>
            {test.isPending ? 'Connecting…' : 'Connect and list tools'}
          </button>
          {confirming ? (
            <button type="button" className={buttonStyles.danger} disabled={remove.isPending} onClick={() => remove.mutate({ mcpServerId: server.id })}>
              {remove.isPending ? 'Deleting…' : 'Confirm delete'}
            </button>
          ) : (
            <button type="button" className={buttonStyles.danger} onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </div>
      </div>
      {test.error ? <ErrorNotice title="The test could not run" message={test.error.message} /> : null}
      {remove.error ? <ErrorNotice title="The server was not deleted" message={remove.error.message} /> : null}
      {result?.status === 'failed' ? <ErrorNotice title={`Could not use the server (${result.errorKind})`} message={result.message} /> : null}
      {result?.status === 'connected' ? (
        <div role="status" className="mt-4 text-sm">
          <p className="font-medium">
            Connected{result.serverVersion ? ` (server ${result.serverVersion})` : ''}: {result.tools.length} tool{result.tools.length === 1 ? '' : 's'}
          </p>
          <ul className="mt-2 space-y-1">
            {result.tools.map((tool) => (
              <li key={tool.name} className="flex flex-wrap gap-2">
                <span className="font-mono">{tool.name}</span>
                <span className="text-zinc-600 dark:text-zinc-400">{tool.description}</span>
                <span className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800" title="Schema hash an agent version pins">
                  {tool.sideEffects} · {tool.schemaHash.slice(0, 12)}
                </span>
                {/* Attaching all of the server's tools leaves it out; naming it is refused at save (ADR 0033). */}
                {tool.unusable ? <span className="text-amber-800 dark:text-amber-300">Not usable by agents: {tool.unusable}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
