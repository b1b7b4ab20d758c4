'use client';

import type { Scorer } from '@agentloom/platform';
import { useId } from 'react';
import { inputStyles } from '~/components/button-styles';

/** The scorers the form offers; every case also gets the usage deltas. */
export interface ScorerChoice {
  exact: boolean;
  /** The output contains the expected (or recorded) output. */
  contains: boolean;
  /** A pattern the output must match; empty: no regex scorer. */
  regex: string;
  toolSequence: 'off' | 'arguments' | 'names';
}

export function scorersFrom(choice: ScorerChoice): Scorer[] {
  const scorers: Scorer[] = [];
  if (choice.exact) scorers.push({ type: 'exact', trim: true });
  if (choice.contains) scorers.push({ type: 'contains', ignoreCase: false });
  if (choice.regex.trim() !== '') scorers.push({ type: 'regex', pattern: choice.regex.trim(), flags: '' });
  if (choice.toolSequence !== 'off') scorers.push({ type: 'tool-sequence', namesOnly: choice.toolSequence === 'names' });
  return scorers;
}

export function ScorerFields({ value, onChange }: { value: ScorerChoice; onChange: (next: ScorerChoice) => void }) {
  const formId = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium">Scorers</legend>
      <div className="mt-1 grid gap-3 text-sm md:grid-cols-2">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={value.exact} onChange={(event) => onChange({ ...value, exact: event.target.checked })} /> Output equals the expected
          output
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={value.contains} onChange={(event) => onChange({ ...value, contains: event.target.checked })} /> Output contains the
          expected output
        </label>
        <div>
          <label htmlFor={`${formId}-tools`}>Tool-call sequence</label>
          <select
            id={`${formId}-tools`}
            className={`${inputStyles} mt-1`}
            value={value.toolSequence}
            onChange={(event) => onChange({ ...value, toolSequence: event.target.value as ScorerChoice['toolSequence'] })}
          >
            <option value="arguments">Names and arguments match the recording</option>
            <option value="names">Names match the recording</option>
            <option value="off">Not scored</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${formId}-regex`}>Output matches the pattern (optional)</label>
          <input
            id={`${formId}-regex`}
            className={`${inputStyles} mt-1 font-mono`}
            value={value.regex}
            onChange={(event) => onChange({ ...value, regex: event.target.value })}
            placeholder="refunded|no refund"
          />
        </div>
      </div>
    </fieldset>
  );
}
