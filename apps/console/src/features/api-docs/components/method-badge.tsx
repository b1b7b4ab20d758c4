const methodColors: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  POST: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  PATCH: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  DELETE: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-flex w-16 justify-center rounded-md px-2 py-0.5 font-mono text-xs font-semibold ${methodColors[method] ?? 'bg-zinc-100 text-zinc-700'}`}
    >
      {method}
    </span>
  );
}

const roleColors: Record<string, string> = {
  public: 'border-zinc-300 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400',
  viewer: 'border-sky-300 text-sky-700 dark:border-sky-800 dark:text-sky-300',
  operator: 'border-emerald-300 text-emerald-700 dark:border-emerald-800 dark:text-emerald-300',
  admin: 'border-rose-300 text-rose-700 dark:border-rose-800 dark:text-rose-300',
};

/** The least role a key needs for the operation. */
export function RoleBadge({ role }: { role: string }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${roleColors[role] ?? roleColors.viewer}`} title="The least role an API key needs">
      {role === 'public' ? 'no key needed' : `${role}+`}
    </span>
  );
}
