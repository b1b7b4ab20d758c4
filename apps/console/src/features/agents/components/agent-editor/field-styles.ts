export const fieldLabelStyles = 'block text-sm font-medium';
export const fieldHintStyles = 'mt-1 block text-xs font-normal text-zinc-500 dark:text-zinc-400';
// A fieldset is at least as wide as its widest child by default (min-inline-size: min-content), which
// pushed the agent page sideways on a phone; min-w-0 lets it shrink like a div.
export const fieldsetStyles = 'min-w-0 space-y-4 rounded-xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800';
export const legendStyles = 'px-1 text-sm font-semibold';
