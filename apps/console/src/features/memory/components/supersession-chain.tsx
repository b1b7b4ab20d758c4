'use client';

import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { LocalTime } from '~/components/local-time';
import { Skeleton } from '~/components/skeleton';
import { shortId } from '~/features/memory/short-id';
import { useTRPC } from '~/trpc/react';

/** The key's history, oldest first: which value replaced which (search only sees the newest). */
export function SupersessionChain({ memoryItemId, hrefFor }: { memoryItemId: string; hrefFor: (itemId: string) => Route }) {
  const trpc = useTRPC();
  const chain = useQuery(trpc.memory.supersessionChain.queryOptions({ memoryItemId }));
  if (chain.error) return <p className="text-sm text-red-700 dark:text-red-400">{chain.error.message}</p>;
  if (!chain.data) return <Skeleton className="h-10 w-full" />;
  if (chain.data.length <= 1)
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">No other version: nothing superseded this item and it superseded nothing.</p>;
  return (
    <ol aria-label="Supersession chain" className="space-y-1.5">
      {chain.data.map((link, position) => (
        <li key={link.id} className="flex items-start gap-2 text-sm">
          <span className="mt-0.5 w-5 shrink-0 text-right text-xs text-zinc-500 dark:text-zinc-400 tabular-nums">{position + 1}.</span>
          <span className="min-w-0 flex-1">
            {link.id === memoryItemId ? (
              <span className="font-medium">{link.content}</span>
            ) : (
              <Link href={hrefFor(link.id)} scroll={false} className="text-brand-600 hover:underline dark:text-brand-400">
                {link.content}
              </Link>
            )}
            <span className="block font-mono text-xs text-zinc-500 dark:text-zinc-400">
              {shortId(link.id)} · <LocalTime iso={link.createdAt} /> · {link.supersededById ? 'superseded' : 'current'}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
