import { memoryKindLabels } from '~/features/memory/memory-options';

const kindLook: Record<string, string> = {
  episode: 'bg-violet-50 text-violet-700 dark:bg-violet-500/10 dark:text-violet-300',
  fact: 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-100',
  document_chunk: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300',
  procedure: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
};

/** Accepts the runtime's `document` too (search hits speak the runtime's kinds). */
export function MemoryKindBadge({ kind }: { kind: string }) {
  const stored = kind === 'document' ? 'document_chunk' : kind;
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${kindLook[stored] ?? 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'}`}
    >
      {memoryKindLabels[stored as keyof typeof memoryKindLabels] ?? kind}
    </span>
  );
}
