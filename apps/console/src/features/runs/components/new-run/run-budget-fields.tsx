'use client';

import { inputStyles } from '~/components/button-styles';

const labelStyles = 'block text-sm font-medium';
const hintStyles = 'mt-1 text-xs text-zinc-500 dark:text-zinc-400';

export interface RunBudgetDraft {
  maxTokens: string;
  maxCostUsd: string;
}

/**
 * The request's `budget` from the two fields, or undefined when both are empty. Values go to the
 * server as typed (numbers): it validates them and names the field it refuses (`budget.maxTokens`).
 */
export function runBudgetFromDraft(draft: RunBudgetDraft): { maxTokens?: number; maxCostUsd?: number } | undefined {
  const maxTokens = draft.maxTokens.trim();
  const maxCostUsd = draft.maxCostUsd.trim();
  if (!maxTokens && !maxCostUsd) return undefined;
  return { ...(maxTokens ? { maxTokens: Number(maxTokens) } : {}), ...(maxCostUsd ? { maxCostUsd: Number(maxCostUsd) } : {}) };
}

/** The new-run form's optional per-run budget (ADR 0052). */
export function RunBudgetFields({ draft, onChange }: { draft: RunBudgetDraft; onChange: (draft: RunBudgetDraft) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className={labelStyles}>
        Budget for this run <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm">
          Max tokens
          <input
            type="number"
            min={1}
            step={1}
            value={draft.maxTokens}
            onChange={(event) => onChange({ ...draft, maxTokens: event.target.value })}
            className={`${inputStyles} mt-1`}
          />
        </label>
        <label className="block text-sm">
          Max cost (USD)
          <input
            type="number"
            min={0.000001}
            step="any"
            value={draft.maxCostUsd}
            onChange={(event) => onChange({ ...draft, maxCostUsd: event.target.value })}
            className={`${inputStyles} mt-1`}
          />
        </label>
      </div>
      <p className={hintStyles}>
        Checked before every model call: once spent, the run ends failed with budget-exceeded. The agent version’s, agent’s and tenant’s budgets apply too. A cost limit counts only calls
        of priced models.
      </p>
    </fieldset>
  );
}
