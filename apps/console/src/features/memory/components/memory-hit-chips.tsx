import type { Route } from 'next';
import Link from 'next/link';
import type { MessageMemoryHit } from '~/features/memory/memory-hit-scores';
import { scorePartsLine } from '~/features/memory/score-parts';
import { shortId } from '~/features/memory/short-id';

/** The memories a message carried into the prompt, each linking to the memory inspector. */
export function MemoryHitChips({ hits }: { hits: readonly MessageMemoryHit[] }) {
  if (hits.length === 0) return null;
  return (
    <ul aria-label="Memory hits" className="mt-3 flex flex-wrap items-center gap-1.5">
      <li className="text-xs text-zinc-500 dark:text-zinc-400">Memory:</li>
      {hits.map((hit) => (
        <li key={hit.memoryItemId}>
          <Link
            href={`/memory?item=${hit.memoryItemId}` as Route}
            data-memory-hit={hit.memoryItemId}
            title={`Memory ${hit.memoryItemId}${hit.score === null ? ' (score not recorded)' : `, score ${hit.score}`}${hit.scoreParts ? `\n${scorePartsLine(hit.scoreParts)}` : ''}`}
            className="inline-flex items-center gap-1 rounded-full border border-violet-200 bg-violet-50 px-2 py-0.5 font-mono text-xs text-violet-800 hover:bg-violet-100 dark:border-violet-500/30 dark:bg-violet-500/10 dark:text-violet-300 dark:hover:bg-violet-500/20"
          >
            {shortId(hit.memoryItemId)}
            <span className="text-violet-500 tabular-nums dark:text-violet-400">{hit.score === null ? '—' : hit.score.toFixed(3)}</span>
            {typeof hit.scoreParts?.relevance === 'number' ? (
              <span data-chip-parts className="text-violet-500/80 tabular-nums dark:text-violet-400/80">
                (rel {hit.scoreParts.relevance.toFixed(2)}
                {typeof hit.scoreParts.evidence === 'number' ? ` · ev ${hit.scoreParts.evidence.toFixed(2)}` : ''}
                {typeof hit.scoreParts.similarity === 'number' ? ` · sim ${hit.scoreParts.similarity.toFixed(2)}` : ''}
                {typeof hit.scoreParts.lexical === 'number' ? ` · lex ${hit.scoreParts.lexical.toFixed(2)}` : ''}
                {hit.scoreParts.unknownNames && hit.scoreParts.unknownNames.length > 0 ? ` · unknown ${hit.scoreParts.unknownNames.join(', ')}` : ''})
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
