'use client';

import type { ListRunsInput } from '@agentloom/platform';
import { useState } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { AddToDatasetDialog, type DatasetSource } from './add-to-dataset-dialog';

/** How many runs "Add matching runs" records at most (the server's bound is 500). */
const matchingLimit = 100;

/**
 * Above the runs list, for operators: the selected runs (or, with filters set, every finished run
 * they match) go to a dataset.
 */
export function RunsDatasetBar({ selected, filter, filtered, onClear }: { selected: string[]; filter: ListRunsInput; filtered: boolean; onClear: () => void }) {
  const [source, setSource] = useState<DatasetSource | null>(null);
  return (
    <div role="region" aria-label="Add runs to a dataset" className="flex flex-wrap items-center gap-3 text-sm">
      <span className="text-zinc-600 dark:text-zinc-300" aria-live="polite">
        {selected.length === 0 ? 'Tick finished runs to add them to a dataset.' : `${selected.length} ${selected.length === 1 ? 'run' : 'runs'} selected`}
      </span>
      {selected.length > 0 ? (
        <>
          <button type="button" className={buttonStyles.primary} onClick={() => setSource({ kind: 'runs', runIds: selected })}>
            Add to dataset
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={onClear}>
            Clear selection
          </button>
        </>
      ) : null}
      {filtered ? (
        <button type="button" className={buttonStyles.secondary} onClick={() => setSource({ kind: 'filter', filter, limit: matchingLimit })}>
          Add matching runs to a dataset
        </button>
      ) : null}
      {source ? <AddToDatasetDialog source={source} onClose={() => setSource(null)} /> : null}
    </div>
  );
}
