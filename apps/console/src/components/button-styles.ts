/** Button looks shared by every feature, so actions read the same everywhere. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium shadow-xs transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${base} bg-brand-600 text-white hover:bg-brand-700`,
  secondary: `${base} border border-zinc-300 bg-white hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800`,
  danger: `${base} border border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-900 dark:bg-zinc-900 dark:text-red-400 dark:hover:bg-red-950/40`,
  approve: `${base} bg-emerald-600 text-white hover:bg-emerald-700`,
  ghost: 'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
} as const;

export const inputStyles =
  'block w-full rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm shadow-xs placeholder:text-zinc-400 focus:border-brand-500 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900';

export const cardStyles = 'rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900';
