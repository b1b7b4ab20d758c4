'use client';

import { describeBatchLineError, parseBatchLines } from '@agentloom/platform/batch-jsonl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

const helpText = 'font-normal text-xs text-zinc-600 dark:text-zinc-300 mt-1 block';

/**
 * Submit a batch: agent, version, concurrency cap and the items as JSONL (a file or pasted). Every
 * line is checked here as the server checks it (the same parser), so the first bad line is named
 * before anything is sent, and the count is previewed; the server checks again and names the line too.
 */
export function NewBatchForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const formId = useId();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: false }));
  const [agentId, setAgentId] = useState('');
  const [agentVersion, setAgentVersion] = useState('');
  const [concurrency, setConcurrency] = useState('10');
  const [name, setName] = useState('');
  const [jsonl, setJsonl] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const parsed = useMemo(() => (jsonl.trim() === '' ? null : parseBatchLines(jsonl)), [jsonl]);
  const latest = agents.data?.find((agent) => agent.id === agentId)?.latestVersion ?? null;

  const create = useMutation(
    trpc.batches.createFromJsonl.mutationOptions({
      onSuccess: async (batch) => {
        await queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey() });
        router.push(`/batches/${batch.id}` as Route);
      },
    }),
  );

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > 1_048_576) {
      setFileError(`${file.name} is ${Math.ceil(file.size / 1024)} KiB; an upload is at most 1 MiB (split it into several batches).`);
      return;
    }
    setJsonl(await file.text());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed?.ok) return;
    create.mutate({
      agentId,
      ...(agentVersion === '' ? {} : { agentVersion: Number(agentVersion) }),
      concurrency: Number(concurrency),
      name,
      jsonl,
    });
  }

  const statusId = `${formId}-lines`;
  return (
    <section aria-label="Submit a batch" className={`${cardStyles} p-5`}>
      <h2 className="text-sm font-semibold">New batch</h2>
      <form className="mt-4 space-y-4" onSubmit={submit}>
        <div className="grid gap-4 md:grid-cols-4">
          <div className="text-sm font-medium">
            {/* Tied by id, not wrapped: a wrapping label's text would include every option's. */}
            <label htmlFor={`${formId}-agent`}>Agent</label>
            <select id={`${formId}-agent`} className={`${inputStyles} mt-1`} required value={agentId} onChange={(event) => setAgentId(event.target.value)}>
              <option value="">Choose an agent</option>
              {(agents.data ?? []).map((agent) => (
                <option key={agent.id} value={agent.id} disabled={agent.latestVersion === null}>
                  {agent.name}
                </option>
              ))}
            </select>
          </div>
          <label className="block text-sm font-medium">
            Version
            <input
              className={`${inputStyles} mt-1`}
              type="number"
              min={1}
              max={latest ?? undefined}
              placeholder={latest === null ? 'latest' : `latest (v${latest})`}
              value={agentVersion}
              onChange={(event) => setAgentVersion(event.target.value)}
            />
            <span className={helpText}>Empty: the latest version, pinned for every item.</span>
          </label>
          <label className="block text-sm font-medium">
            Concurrency cap
            <input className={`${inputStyles} mt-1`} type="number" min={1} max={1_000} required value={concurrency} onChange={(event) => setConcurrency(event.target.value)} />
            <span className={helpText}>The most items running at once (1–1,000).</span>
          </label>
          <label className="block text-sm font-medium">
            Name
            <input className={`${inputStyles} mt-1`} maxLength={200} value={name} onChange={(event) => setName(event.target.value)} placeholder="Optional" />
          </label>
        </div>
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
          <label className="block text-sm font-medium">
            Items (JSONL)
            <textarea
              className={`${inputStyles} mt-1 font-mono`}
              rows={6}
              value={jsonl}
              onChange={(event) => setJsonl(event.target.value)}
              placeholder={'"Summarise the release notes"\n{"input": "Draft a reply to ticket 42"}'}
              aria-describedby={statusId}
              aria-invalid={parsed?.ok === false}
            />
            <span className={helpText}>One item a line: a JSON string, or {'{"input": "…"}'} as an export writes. At most 10,000 lines.</span>
          </label>
          <label className="block text-sm font-medium">
            Or upload a file
            <input className="mt-1 block w-full text-sm" type="file" accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson" onChange={(event) => void readFile(event)} />
            <span className={helpText}>Its lines replace the text on the left, where you can check them.</span>
          </label>
        </div>
        <div id={statusId} aria-live="polite" className="text-sm" data-testid="batch-lines-status">
          {fileError ? (
            <p className="text-red-700 dark:text-red-400">{fileError}</p>
          ) : parsed === null ? null : parsed.ok ? (
            <p className="text-emerald-800 dark:text-emerald-300">
              {parsed.items.length} {parsed.items.length === 1 ? 'item' : 'items'} ready to submit.
            </p>
          ) : (
            <p className="text-red-700 dark:text-red-400">{describeBatchLineError(parsed.error)}</p>
          )}
        </div>
        {create.error ? <ErrorNotice title="The batch was not submitted" message={create.error.message} /> : null}
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending || !parsed?.ok}>
          {create.isPending ? 'Submitting…' : parsed?.ok ? `Submit ${parsed.items.length} ${parsed.items.length === 1 ? 'item' : 'items'}` : 'Submit batch'}
        </button>
      </form>
    </section>
  );
}
