'use client';

import type { WebhookEventType } from '@agentloom/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { CopyButton } from '~/components/copy-button';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

/** The new endpoint form; after creation it shows the signing secret, once. */
export function CreateWebhookForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const eventTypes = useQuery(trpc.webhooks.eventTypes.queryOptions());
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [selected, setSelected] = useState<WebhookEventType[]>(['run.completed', 'run.failed']);
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: () => {
        setUrl('');
        setDescription('');
        void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ url, description, eventTypes: selected });
  }

  return (
    <section aria-label="Add a webhook endpoint" className={`${cardStyles} p-5`}>
      <h2 className="text-sm font-semibold">Add an endpoint</h2>
      <form className="mt-4 space-y-4" onSubmit={submit}>
        <div className="grid gap-4 md:grid-cols-2">
          <label className="block text-sm font-medium">
            URL
            <input
              className={`${inputStyles} mt-1`}
              type="url"
              required
              placeholder="https://example.com/hooks/agentloom"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          </label>
          <label className="block text-sm font-medium">
            Description
            <input
              className={`${inputStyles} mt-1`}
              maxLength={200}
              placeholder="Optional"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </label>
        </div>
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium">Events</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(eventTypes.data ?? []).map((type) => (
              <label key={type} className="flex items-center gap-2 font-mono text-sm">
                <input
                  type="checkbox"
                  checked={selected.includes(type)}
                  onChange={(event) =>
                    setSelected((current) => (event.target.checked ? [...current, type] : current.filter((candidate) => candidate !== type)))
                  }
                />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        {create.error ? <ErrorNotice title="The endpoint was not added" message={create.error.message} /> : null}
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending || selected.length === 0}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </button>
      </form>
      {create.data ? (
        <div role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm dark:border-amber-900 dark:bg-amber-950/40">
          <p className="font-medium">Signing secret for {create.data.url} — shown only now</p>
          <div className="mt-2 flex items-center gap-2">
            <code className="font-mono break-all" data-testid="webhook-secret">
              {create.data.secret}
            </code>
            <CopyButton text={create.data.secret} />
          </div>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            Verify each request with verifyWebhookSignature(secret, AgentLoom-Signature header, raw body).
          </p>
        </div>
      ) : null}
    </section>
  );
}
