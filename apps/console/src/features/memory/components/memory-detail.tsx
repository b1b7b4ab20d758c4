'use client';

import type { EraseReceipt, MemoryItemView } from '@agentloom/platform';
import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { CopyButton } from '~/components/copy-button';
import { ErrorNotice } from '~/components/error-notice';
import { JsonTree } from '~/components/json-tree';
import { LocalTime } from '~/components/local-time';
import { Skeleton } from '~/components/skeleton';
import { EraseAction } from '~/features/memory/components/erase-action';
import { MemoryDecisions } from '~/features/memory/components/memory-decisions';
import { MemoryInjections } from '~/features/memory/components/memory-injections';
import { MemoryItemActions } from '~/features/memory/components/memory-item-actions';
import { MemoryKindBadge } from '~/features/memory/components/memory-kind-badge';
import { SupersessionChain } from '~/features/memory/components/supersession-chain';
import { memoryLevelLabels } from '~/features/memory/memory-options';
import { retryUnlessMissing } from '~/features/memory/retry-unless-missing';
import { useTRPC } from '~/trpc/react';

interface MemoryDetailProps {
  memoryItemId: string;
  hrefFor: (itemId: string) => Route;
  onClose: () => void;
  onForgotten: () => void;
  onErased: (receipt: EraseReceipt) => void;
}

/** Everything about one item: content, where it lives, its key history and every prompt it reached. */
export function MemoryDetail({ memoryItemId, hrefFor, onClose, onForgotten, onErased }: MemoryDetailProps) {
  const trpc = useTRPC();
  const item = useQuery(trpc.memory.get.queryOptions({ memoryItemId }, { retry: retryUnlessMissing }));
  if (item.error) {
    return (
      <ErrorNotice title="This memory could not be loaded" message={item.error.message}>
        <button type="button" className={`${buttonStyles.secondary} mt-2`} onClick={onClose}>
          Close
        </button>
      </ErrorNotice>
    );
  }
  if (!item.data) {
    return (
      <div role="status" aria-label="Loading memory" className={`${cardStyles} space-y-3 p-4`}>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  const memory = item.data;
  return (
    <section aria-label="Memory detail" className={`${cardStyles} space-y-5 p-4`} data-memory-detail={memory.id}>
      <header className="space-y-2">
        <div className="flex items-center gap-2">
          <MemoryKindBadge kind={memory.kind} />
          {memory.pinned ? (
            <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">Pinned</span>
          ) : null}
          {memory.supersededById ? (
            <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">Superseded</span>
          ) : null}
          <button type="button" className={`${buttonStyles.ghost} ml-auto`} onClick={onClose} aria-label="Close detail">
            Close
          </button>
        </div>
        <p className="text-sm whitespace-pre-wrap">{memory.content}</p>
        <MemoryItemActions item={memory} onForgotten={onForgotten} />
      </header>
      <MemoryFacts memory={memory} />
      <JsonTree value={memory.metadata} label="Metadata" />
      <Section title="Supersession chain">
        <SupersessionChain memoryItemId={memory.id} hrefFor={hrefFor} />
      </Section>
      <Section title="Extraction decisions">
        <MemoryDecisions memoryItemId={memory.id} />
      </Section>
      <Section title="Used by (injections)">
        <MemoryInjections memoryItemId={memory.id} />
      </Section>
      {memory.sourceRunId ? (
        <Section title="Erase the run that wrote it">
          <EraseAction unit="run" id={memory.sourceRunId} onErased={onErased} />
        </Section>
      ) : null}
    </section>
  );
}

function MemoryFacts({ memory }: { memory: MemoryItemView }) {
  return (
    <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
      <Fact label="Id">
        <span className="flex items-center gap-1 font-mono text-xs">
          {memory.id}
          <CopyButton text={memory.id} label="Copy id" />
        </span>
      </Fact>
      <Fact label="Level">
        {memoryLevelLabels[memory.level as keyof typeof memoryLevelLabels] ?? memory.level}
        {memory.level === 'thread' ? (
          <Link href={`/threads/${memory.scopeId}` as Route} className="ml-2 font-mono text-xs text-brand-600 hover:underline dark:text-brand-400">
            {memory.scopeId}
          </Link>
        ) : memory.level !== 'project' ? (
          <span className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">{memory.scopeId}</span>
        ) : null}
      </Fact>
      <Fact label="Key">{memory.key ? <code className="font-mono text-xs">{memory.key}</code> : <None />}</Fact>
      <Fact label="Source run">
        {memory.sourceRunId ? (
          <Link href={`/runs/${memory.sourceRunId}` as Route} className="font-mono text-xs text-brand-600 hover:underline dark:text-brand-400">
            {memory.sourceRunId}
          </Link>
        ) : (
          <None text="written through the API or console" />
        )}
      </Fact>
      <Fact label="Expires">{memory.expiresAt ? <Time iso={memory.expiresAt} /> : <None text="never" />}</Fact>
      <Fact label="Last used">{memory.lastUsedAt ? <Time iso={memory.lastUsedAt} /> : <None text="never" />}</Fact>
      <Fact label="Happened">{memory.occurredAt ? <Time iso={memory.occurredAt} /> : <None text="not given (the created time stands in)" />}</Fact>
      <Fact label="Created">
        <Time iso={memory.createdAt} />
      </Fact>
      <Fact label="Embedding">
        {memory.embedderId ? `${memory.embedderId} · ${memory.embeddingDimension ?? '?'} dimensions` : <None text="none (full-text only)" />}
      </Fact>
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</h2>
      {children}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function Time({ iso }: { iso: string }) {
  return (
    <LocalTime iso={iso} />
  );
}

function None({ text = 'none' }: { text?: string }) {
  return <span className="text-zinc-500 dark:text-zinc-400">{text}</span>;
}
