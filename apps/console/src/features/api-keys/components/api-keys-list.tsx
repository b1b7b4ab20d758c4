'use client';

import type { ApiKeyView } from '@agentloom/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorNotice } from '~/components/error-notice';
import { formatRelative } from '~/components/format';
import { useLocalTimeFormat } from '~/components/local-time';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { useNow } from '~/components/use-now';
import { useSignedInApiKeyId } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

const columns = 'grid grid-cols-[minmax(0,2fr)_6rem_5rem_8rem_8rem_6rem] items-center gap-3';

/** The tenant's keys, newest first: prefix, role, created, last used, and a revoke button. */
export function ApiKeysList() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const now = useNow(60_000, true);
  if (keys.error) return <ErrorNotice title="The API keys could not be loaded" message={keys.error.message} />;
  if (!keys.data) {
    return (
      <div className={cardStyles}>
        <SkeletonRows label="Loading API keys" rows={3} />
      </div>
    );
  }
  return (
    <section aria-label="API keys" className={`${cardStyles} overflow-x-auto`}>
      <div
        className={`${columns} min-w-[44rem] border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-xs font-medium text-zinc-500 dark:text-zinc-400 dark:border-zinc-800 dark:bg-zinc-900/80`}
        aria-hidden="true"
      >
        <span>Name · prefix</span>
        <span>Role</span>
        <span>Status</span>
        <span>Created</span>
        <span>Last used</span>
        <span />
      </div>
      <ul className="min-w-[44rem] divide-y divide-zinc-100 dark:divide-zinc-800" onKeyDown={handleArrowNavigation}>
        {keys.data.apiKeys.map((key) => (
          <ApiKeyRow key={key.id} apiKey={key} now={now} />
        ))}
      </ul>
    </section>
  );
}

function ApiKeyRow({ apiKey, now }: { apiKey: ApiKeyView; now: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const signedInApiKeyId = useSignedInApiKeyId();
  // Tooltips too: an attribute the server rendered in its own zone is never corrected on hydration.
  const formatLocal = useLocalTimeFormat();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: () => setConfirming(false),
      onSettled: () =>
        Promise.all([queryClient.invalidateQueries({ queryKey: trpc.apiKeys.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.audit.pathKey() })]),
    }),
  );
  const revoked = apiKey.revokedAt !== null;
  // The server refuses a key revoking itself; offering the button would only lead to that refusal.
  const signedInWithIt = apiKey.id === signedInApiKeyId;
  return (
    <li
      data-list-item
      tabIndex={0}
      aria-label={`API key ${apiKey.name}`}
      className="px-4 py-3 text-sm focus:bg-brand-50 focus:outline-none dark:focus:bg-brand-950/40"
    >
      <div className={columns}>
        <span className="min-w-0">
          <span className={`block truncate font-medium ${revoked ? 'text-zinc-500 line-through dark:text-zinc-400' : ''}`}>{apiKey.name}</span>
          <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{apiKey.prefix}…</span>
        </span>
        <span>{apiKey.role}</span>
        <span className={revoked ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}>{revoked ? 'revoked' : 'active'}</span>
        <time dateTime={apiKey.createdAt} title={formatLocal(apiKey.createdAt)} className="text-xs text-zinc-500 dark:text-zinc-400" suppressHydrationWarning>
          {formatRelative(apiKey.createdAt, now)}
        </time>
        <span className="text-xs text-zinc-500 dark:text-zinc-400" suppressHydrationWarning>
          {apiKey.lastUsedAt ? formatRelative(apiKey.lastUsedAt, now) : 'never'}
        </span>
        <span className="text-right">
          {revoked ? null : signedInWithIt ? (
            <span className="text-xs text-zinc-500 dark:text-zinc-400">this session</span>
          ) : (
            <button
              type="button"
              className={buttonStyles.danger}
              disabled={revoke.isPending}
              onClick={() => {
                revoke.reset();
                setConfirming(true);
              }}
            >
              Revoke
            </button>
          )}
        </span>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Revoke “${apiKey.name}”?`}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        error={revoke.error?.message ?? null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => revoke.mutate({ apiKeyId: apiKey.id })}
      >
        Clients using it are refused from now on. This cannot be undone.
      </ConfirmDialog>
    </li>
  );
}
