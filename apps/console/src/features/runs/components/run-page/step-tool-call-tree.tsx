import type { ToolCallNode } from '@agentloom/platform';
import { ErrorNotice } from '~/components/error-notice';
import { formatDuration } from '~/components/format';
import { JsonTree } from '~/components/json-tree';
import { LocalTime } from '~/components/local-time';
import { ToolCallStatusBadge } from '~/features/runs/components/run-page/tool-call-status-badge';

/** A step's tool calls; a sub-agent's calls sit indented under the call that delegated to it. */
export function StepToolCallTree({ calls, depth = 0 }: { calls: ToolCallNode[]; depth?: number }) {
  return (
    <ol className={depth === 0 ? 'space-y-2' : 'mt-2 space-y-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700'}>
      {calls.map((call) => (
        <li key={call.id} data-tool-call={call.callId} aria-label={`Tool call ${call.name}${depth > 0 ? ` by sub-agent ${call.delegation?.subAgent ?? ''}` : ''}`}>
          <details open={depth === 0} className="rounded-lg border border-zinc-200 dark:border-zinc-800">
            <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-xs">
              <code className="font-mono font-semibold">{call.name}</code>
              <ToolCallStatusBadge status={call.status} />
              {call.delegation ? <span className="text-zinc-600 dark:text-zinc-400">sub-agent {call.delegation.subAgent}</span> : null}
              <span className="ml-auto text-zinc-600 tabular-nums dark:text-zinc-400">{formatDuration(call.durationMs)}</span>
            </summary>
            <div className="space-y-2 border-t border-zinc-200 p-3 dark:border-zinc-800">
              {call.error ? <ErrorNotice title={`Error: ${call.error.kind}`} message={call.error.message} /> : null}
              <JsonTree value={call.editedArguments ?? call.arguments} label={call.editedArguments === null ? 'Arguments' : 'Arguments (edited by the approver)'} />
              {call.result !== null ? <JsonTree value={call.result} label="Result" /> : null}
              <ol className="space-y-1 text-xs" aria-label="Ledger history">
                {call.statusHistory.map((change, position) => (
                  <li key={position} className="flex flex-wrap items-center gap-2">
                    <ToolCallStatusBadge status={change.status} />
                    <LocalTime iso={change.at} className="text-zinc-600 dark:text-zinc-400" />
                    {change.actor ? <span>by {change.actor}</span> : null}
                    {change.reason ? <span className="text-zinc-600 dark:text-zinc-400">— {change.reason}</span> : null}
                  </li>
                ))}
              </ol>
            </div>
          </details>
          {call.children.length > 0 ? <StepToolCallTree calls={call.children} depth={depth + 1} /> : null}
        </li>
      ))}
    </ol>
  );
}
