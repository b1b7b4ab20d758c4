import type { ToolCallView } from '@agentloom/platform';
import type { ReactNode } from 'react';
import { cardStyles } from '~/components/button-styles';
import { CopyButton } from '~/components/copy-button';
import { ErrorNotice } from '~/components/error-notice';
import { formatDuration } from '~/components/format';
import { JsonTree } from '~/components/json-tree';
import { LocalTime } from '~/components/local-time';
import { ToolCallStatusBadge } from '~/features/runs/components/run-page/tool-call-status-badge';

/** Everything the ledger knows about one call. */
export function ToolCallDetail({ call }: { call: ToolCallView }) {
  return (
    <section aria-label={`Tool call ${call.name}`} className={`${cardStyles} min-w-0 space-y-5 p-5`}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-mono text-base font-semibold">{call.name}</h2>
        <ToolCallStatusBadge status={call.status} />
        <span className="text-xs text-zinc-500 dark:text-zinc-400">side effects: {call.sideEffects}</span>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact label="Implementation">
          <code className="font-mono text-xs break-all">{call.implementationId}</code>
        </Fact>
        <Fact label="Idempotency key">
          <span className="flex items-center gap-1">
            <code className="truncate font-mono text-xs">{call.idempotencyKey}</code>
            <CopyButton text={call.idempotencyKey} />
          </span>
        </Fact>
        <Fact label="Call id">
          <code className="font-mono text-xs break-all">{call.callId}</code>
        </Fact>
        <Fact label="Duration">{formatDuration(call.durationMs)}</Fact>
        {call.outputBytes !== null ? <Fact label="Output size">{call.outputBytes.toLocaleString('en-US')} bytes</Fact> : null}
        {call.delegation ? (
          <Fact label="Sub-agent">
            <span className="font-mono text-xs break-all">
              {call.delegation.subAgent} ({call.delegation.childInstanceId ?? 'unknown run'})
            </span>
          </Fact>
        ) : null}
      </dl>
      {call.error ? <ErrorNotice title={`Error: ${call.error.kind}`} message={call.error.message} /> : null}
      {call.approval ? (
        <div className="rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800" aria-label="Approval">
          <p className="flex items-center gap-2 font-medium">
            Approval <ToolCallStatusBadge status={call.approval.status} />
          </p>
          {call.approval.decidedAt ? (
            <p className="mt-1 text-zinc-600 dark:text-zinc-400">
              {call.approval.status} by <strong>{call.approval.decidedBy ?? 'system'}</strong> on <LocalTime iso={call.approval.decidedAt} />
              {call.approval.decisionReason ? <> — “{call.approval.decisionReason}”</> : null}
            </p>
          ) : (
            <p className="mt-1 text-zinc-600 dark:text-zinc-400">
              Waiting for a decision{call.approval.expiresAt ? <>, expires <LocalTime iso={call.approval.expiresAt} /></> : null}.
            </p>
          )}
        </div>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-2">
        <JsonTree value={call.arguments} label="Arguments" />
        {call.editedArguments !== null ? <JsonTree value={call.editedArguments} label="Edited arguments" /> : null}
        {call.result !== null ? <JsonTree value={call.result} label="Result" /> : null}
      </div>
      <div>
        <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Ledger history</h3>
        <ol className="mt-2 space-y-1.5 border-l border-zinc-200 pl-4 text-sm dark:border-zinc-800">
          {call.statusHistory.map((change, position) => (
            <li key={position} className="flex flex-wrap items-center gap-2">
              <ToolCallStatusBadge status={change.status} />
              <LocalTime iso={change.at} className="text-xs text-zinc-500 dark:text-zinc-400" />
              {change.attempt !== undefined ? <span className="text-xs text-zinc-500 dark:text-zinc-400">attempt {change.attempt}</span> : null}
              {change.actor ? <span className="text-xs text-zinc-500 dark:text-zinc-400">by {change.actor}</span> : null}
              {change.reason ? <span className="text-xs text-zinc-500 dark:text-zinc-400">— {change.reason}</span> : null}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 min-w-0">{children}</dd>
    </div>
  );
}
