import type { Principal } from '@agentloom/platform';

/** Which tenant and key this session uses, so an operator never acts in the wrong tenant. */
export function SignedInAs({ principal }: { principal: Principal }) {
  return (
    <div className="rounded-lg border border-zinc-200 px-3 py-2.5 dark:border-zinc-800">
      <p className="truncate text-sm font-medium" title={principal.tenantName}>
        {principal.tenantName}
      </p>
      <p className="mt-0.5 flex items-center justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="truncate" title={principal.apiKeyName}>
          {principal.apiKeyName}
        </span>
        <span className="rounded bg-zinc-100 px-1.5 py-0.5 font-medium text-zinc-700 capitalize dark:bg-zinc-800 dark:text-zinc-300">
          {principal.role}
        </span>
      </p>
    </div>
  );
}
