'use client';

import { useState } from 'react';
import { CopyButton } from '~/components/copy-button';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Deeper levels start folded, so a large result opens small and nothing shifts until asked. */
const openDepth = 2;

/** A collapsible view of a JSON value with a copy button for the whole value. */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950/60">
      <div className="flex items-center justify-between border-b border-zinc-200 px-3 py-1.5 dark:border-zinc-800">
        <span className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</span>
        <CopyButton text={JSON.stringify(value, null, 2)} label={`Copy ${label.toLowerCase()}`} />
      </div>
      <div className="max-h-96 overflow-auto px-3 py-2 font-mono text-xs leading-5">
        <JsonNode value={value as Json} depth={0} />
      </div>
    </div>
  );
}

function JsonNode({ value, depth, name }: { value: Json; depth: number; name?: string }) {
  const [open, setOpen] = useState(depth < openDepth);
  const prefix = name === undefined ? null : <span className="text-sky-700 dark:text-sky-400">{JSON.stringify(name)}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="break-all whitespace-pre-wrap">
        {prefix}
        <Primitive value={value} />
      </div>
    );
  }
  const entries: [string | undefined, Json][] = Array.isArray(value) ? value.map((item) => [undefined, item]) : Object.entries(value);
  const [opening, closing] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div>
        {prefix}
        {opening}
        {closing}
      </div>
    );
  }
  return (
    <div>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="text-left hover:bg-zinc-200/60 dark:hover:bg-zinc-800">
        <span aria-hidden="true" className="inline-block w-3 text-zinc-500 dark:text-zinc-400">
          {open ? '▾' : '▸'}
        </span>
        {prefix}
        {opening}
        {open ? null : <span className="text-zinc-500 dark:text-zinc-400"> {entries.length} {entries.length === 1 ? 'item' : 'items'} {closing}</span>}
      </button>
      {open ? (
        <>
          <div className="ml-3 border-l border-zinc-200 pl-3 dark:border-zinc-800">
            {entries.map(([key, child], position) => (
              <JsonNode key={key ?? position} value={child} depth={depth + 1} {...(key === undefined ? {} : { name: key })} />
            ))}
          </div>
          <div className="ml-3">{closing}</div>
        </>
      ) : null}
    </div>
  );
}

function Primitive({ value }: { value: string | number | boolean | null }) {
  if (typeof value === 'string') return <span className="text-emerald-700 dark:text-emerald-400">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="text-amber-700 dark:text-amber-300">{value}</span>;
  return <span className="text-violet-700 dark:text-violet-400">{String(value)}</span>;
}
