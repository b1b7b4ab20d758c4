'use client';

import { useState, type FormEvent } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { retrievalModes, type MemoryInspectorState, type RetrievalModeName } from '~/features/memory/memory-filters';

const modeNames: Record<RetrievalModeName, string> = { hybrid: 'Hybrid', vector: 'Vector', 'full-text': 'Full-text' };

/** Search text and retrieval mode; submitting puts them in the URL. */
export function MemorySearchBox({ state, onSearch }: { state: MemoryInspectorState; onSearch: (next: Pick<MemoryInspectorState, 'query' | 'mode'>) => void }) {
  const [text, setText] = useState(state.query);
  const [mode, setMode] = useState(state.mode);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({ query: text.trim(), mode });
  }
  return (
    <form
      role="search"
      aria-label="Search memory"
      onSubmit={submit}
      className="grid grid-cols-[minmax(0,1fr)_8rem_auto] items-center gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_auto_auto]"
    >
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search memory, e.g. deploy window"
        aria-label="Search text"
        maxLength={4_000}
        className={inputStyles}
      />
      <select
        value={mode}
        onChange={(event) => setMode(retrievalModes.find((candidate) => candidate === event.target.value) ?? 'hybrid')}
        aria-label="Retrieval mode"
        className={inputStyles}
      >
        {retrievalModes.map((candidate) => (
          <option key={candidate} value={candidate}>
            {modeNames[candidate]}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonStyles.primary}>
        Search
      </button>
      {state.query ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => {
            setText('');
            onSearch({ query: '', mode });
          }}
        >
          Clear search
        </button>
      ) : null}
    </form>
  );
}
