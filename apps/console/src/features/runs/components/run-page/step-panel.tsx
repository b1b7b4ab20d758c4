'use client';

import type { RunMessageView, RunStepDetail } from '@agentloom/platform';
import type { ReactNode } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { formatCost, formatCount, formatDuration } from '~/components/format';
import { JsonTree } from '~/components/json-tree';
import { LocalTime } from '~/components/local-time';
import { SkeletonRows } from '~/components/skeleton';
import { stepLabel } from '~/features/runs/components/run-page/step-label';
import { StepToolCallTree } from '~/features/runs/components/run-page/step-tool-call-tree';

/**
 * The step panel beside the timeline: what the model was sent (folded), what it answered, the
 * tool calls it made (a sub-agent's calls nested under the delegating one), tokens, cost, duration
 * and the step's events. Escape closes it; ←/→ buttons walk the steps.
 */
export function StepPanel({
  detail,
  error,
  isPending,
  onOpen,
  onClose,
  actions,
  feedback,
}: {
  detail: RunStepDetail | undefined;
  error: { message: string } | null;
  isPending: boolean;
  onOpen: (index: number) => void;
  onClose: () => void;
  /** What the operator can do from this step (e.g. "Fork from here"), shown above its facts. */
  actions?: ReactNode;
  /** The step's feedback (entries and, for roles that may record, the form), shown after its facts. */
  feedback?: (stepIndex: number) => ReactNode;
}) {
  const title = detail ? `Step ${detail.step.index}` : 'Step';
  return (
    <aside
      aria-label={title}
      className={`${cardStyles} min-w-0 self-start`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <h2 className="min-w-0 truncate text-sm font-semibold">
          {title}
          {detail ? <span className="ml-2 font-mono font-normal text-zinc-600 dark:text-zinc-400">{stepLabel(detail.step)}</span> : null}
        </h2>
        <div className="flex shrink-0 items-center gap-1">
          <button type="button" className={buttonStyles.ghost} disabled={detail?.previousIndex == null} onClick={() => detail?.previousIndex != null && onOpen(detail.previousIndex)}>
            ← Previous
          </button>
          <button type="button" className={buttonStyles.ghost} disabled={detail?.nextIndex == null} onClick={() => detail?.nextIndex != null && onOpen(detail.nextIndex)}>
            Next →
          </button>
          <button type="button" className={buttonStyles.ghost} onClick={onClose} aria-label="Close step panel">
            ✕
          </button>
        </div>
      </div>
      {error ? (
        <div className="p-4">
          <ErrorNotice title="This step could not be loaded" message={error.message} />
        </div>
      ) : isPending || !detail ? (
        <SkeletonRows label="Loading step" rows={6} />
      ) : (
        <StepBody detail={detail} actions={actions} feedback={feedback?.(detail.step.index)} />
      )}
    </aside>
  );
}

function StepBody({ detail, actions, feedback }: { detail: RunStepDetail; actions: ReactNode; feedback: ReactNode }) {
  const { step } = detail;
  const duration = step.finishedAt ? Date.parse(step.finishedAt) - Date.parse(step.startedAt) : null;
  return (
    <div className="max-h-[40rem] space-y-4 overflow-auto p-4 text-sm">
      {actions}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <Fact label="Kind">{step.kind.replaceAll('_', ' ')}</Fact>
        <Fact label="Ended with">{step.status}</Fact>
        <Fact label="Duration">{formatDuration(duration)}</Fact>
        <Fact label="Tokens in / out">
          {formatCount(step.inputTokens)} / {formatCount(step.outputTokens)}
        </Fact>
        <Fact label="Cost">{step.costUsd === null ? <span title="The model of this step has no prices configured, or the step called no model">unknown</span> : formatCost(step.costUsd)}</Fact>
        <Fact label="Started">
          <LocalTime iso={step.startedAt} title="iso" />
        </Fact>
      </dl>
      {feedback}
      <details className="rounded-lg border border-zinc-200 dark:border-zinc-800">
        <summary className="cursor-pointer px-3 py-2 text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Model request: {formatCount(detail.request.total)} messages sent
          {detail.request.total > detail.request.messages.length ? ` (last ${detail.request.messages.length} shown)` : ''}
        </summary>
        <MessageList messages={detail.request.messages} />
      </details>
      <Section title="Response">{detail.response.length === 0 ? <Empty>This step wrote no message.</Empty> : <MessageList messages={detail.response} />}</Section>
      <Section title={`Tool calls (${detail.toolCalls.length})`}>
        {detail.toolCalls.length === 0 ? <Empty>No tool calls in this step.</Empty> : <StepToolCallTree calls={detail.toolCalls} />}
      </Section>
      <Section title={`Events (${detail.events.length})`}>
        <ol className="space-y-1 font-mono text-xs">
          {detail.events.map((event) => (
            <li key={event.seq} className="flex gap-2" data-event-type={event.type}>
              <span className="w-10 shrink-0 text-right text-zinc-500 tabular-nums dark:text-zinc-400">{event.seq}</span>
              <span className="font-medium">{event.type}</span>
              <span className="truncate text-zinc-600 dark:text-zinc-400" title={JSON.stringify(event.payload)}>
                {JSON.stringify(event.payload)}
              </span>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

function MessageList({ messages }: { messages: RunMessageView[] }) {
  return (
    <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {messages.map((message) => (
        <li key={message.id} className="px-3 py-2" data-message-index={message.index}>
          <p className="flex items-center gap-2 text-xs">
            <span className="font-medium capitalize">{message.role}</span>
            {message.toolName ? <code className="font-mono text-zinc-600 dark:text-zinc-400">{message.toolName}</code> : null}
            {message.isError ? <span className="rounded bg-red-50 px-1 font-medium text-red-700 dark:bg-red-500/10 dark:text-red-300">error</span> : null}
            <span className="ml-auto font-mono text-zinc-500 dark:text-zinc-400">#{message.index}</span>
          </p>
          {message.content ? <p className="mt-1 max-h-48 overflow-auto text-sm whitespace-pre-wrap">{message.content}</p> : null}
          {Array.isArray(message.toolCalls) && message.toolCalls.length > 0 ? (
            <div className="mt-2">
              <JsonTree value={message.toolCalls} label="Tool calls requested" />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className="mb-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">{title}</h3>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-xs text-zinc-600 italic dark:text-zinc-400">{children}</p>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="truncate font-medium tabular-nums">{children}</dd>
    </div>
  );
}
