import type { Route } from 'next';
import Link from 'next/link';
import { MemoryKindBadge } from '~/features/memory/components/memory-kind-badge';
import { scorePartsLine, type ScoreParts } from '~/features/memory/score-parts';
import { shortId } from '~/features/memory/short-id';

interface MemoryItemRowProps {
  id: string;
  kind: string;
  content: string;
  itemKey: string | null | undefined;
  /** Where it lives, e.g. "agent" or "thread"; omitted for search hits (the hit does not say). */
  level?: string;
  pinned?: boolean;
  superseded?: boolean;
  /** The search score, when the row is a search hit. */
  score?: number;
  /** Why the hit scored that (similarity, lexical, relevance, boosts). */
  parts?: ScoreParts | undefined;
  selected: boolean;
  href: Route;
}

/** One memory in a list; selecting it opens the detail panel (the URL keeps the selection). */
export function MemoryItemRow({ id, kind, content, itemKey, level, pinned, superseded, score, parts, selected, href }: MemoryItemRowProps) {
  return (
    <li>
      <Link
        href={href}
        scroll={false}
        data-list-item
        data-memory-id={id}
        aria-current={selected ? 'true' : undefined}
        className={`block px-4 py-3 text-sm focus-visible:outline-none ${selected ? 'bg-brand-50 dark:bg-brand-950/60' : 'hover:bg-zinc-50 focus-visible:bg-brand-50 dark:hover:bg-zinc-800/50 dark:focus-visible:bg-brand-950'}`}
      >
        <span className="flex items-center gap-2 text-xs">
          <MemoryKindBadge kind={kind} />
          {level ? <span className="text-zinc-500 dark:text-zinc-400">{level}</span> : null}
          {itemKey ? <code className="truncate font-mono text-zinc-600 dark:text-zinc-300">{itemKey}</code> : null}
          {pinned ? <span className="font-medium text-amber-700 dark:text-amber-400">pinned</span> : null}
          {superseded ? <span className="text-zinc-500 dark:text-zinc-400 line-through">superseded</span> : null}
          <span className="ml-auto flex items-center gap-2 font-mono text-zinc-500 dark:text-zinc-400">
            {score === undefined ? null : (
              <span
                data-score
                className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-700 tabular-nums dark:bg-zinc-800 dark:text-zinc-300"
                title={`Fused search score: relevance plus pin, recency and time boosts (higher is better)${parts ? `\n${scorePartsLine(parts)}` : ''}`}
              >
                {score.toFixed(4)}
              </span>
            )}
            {shortId(id)}
          </span>
        </span>
        <span className="mt-1 line-clamp-2 block text-zinc-800 dark:text-zinc-200">{content}</span>
        {parts ? (
          <span data-score-parts className="mt-1 block font-mono text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
            {scorePartsLine(parts)}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
