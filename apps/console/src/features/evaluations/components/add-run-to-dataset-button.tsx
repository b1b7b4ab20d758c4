'use client';

import { useState } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { AddToDatasetDialog } from './add-to-dataset-dialog';

/** On a finished run's page (operators): records this run as a case of a dataset. */
export function AddRunToDatasetButton({ runId }: { runId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(true)}>
        Add to dataset
      </button>
      {open ? <AddToDatasetDialog source={{ kind: 'runs', runIds: [runId] }} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
