export const fieldLabelStyles = 'block text-sm font-medium';
export const fieldHintStyles = 'mt-1 block text-xs font-normal text-zinc-500 dark:text-zinc-400';
export const fieldsetStyles = 'space-y-4 rounded-xl border border-zinc-200 p-5 dark:border-zinc-800';
export const legendStyles = 'px-1 text-sm font-semibold';
