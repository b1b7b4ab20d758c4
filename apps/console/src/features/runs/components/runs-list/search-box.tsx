'use client';

import { useEffect, useRef, useState } from 'react';
import { inputStyles } from '~/components/button-styles';
import { maximumSearchLength } from '~/features/runs/runs-filters';

/** How long typing pauses before the URL (and so the query) follows. */
const debounceMilliseconds = 300;

/** Free-text search over run ids and inputs; Enter applies at once, a pause in typing applies too. */
export function SearchBox({ search, onSearch }: { search: string | undefined; onSearch: (search: string | undefined) => void }) {
  const [text, setText] = useState(search ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applied = useRef(search);

  // Back/forward or "Clear filters" change the URL under the box: show what is applied.
  useEffect(() => {
    if (search !== applied.current) {
      applied.current = search;
      setText(search ?? '');
    }
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (value: string) => {
    clearTimeout(timer.current);
    const next = value.trim() || undefined;
    if (next === applied.current) return;
    applied.current = next;
    onSearch(next);
  };

  return (
    <form
      role="search"
      className="min-w-40 flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        apply(text);
      }}
    >
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Search
        <input
          type="search"
          value={text}
          maxLength={maximumSearchLength}
          placeholder="Run id or input text"
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => apply(value), debounceMilliseconds);
          }}
          className={`${inputStyles} mt-1`}
        />
      </label>
    </form>
  );
}
