import { DomainError } from '../errors/domain-error';

/**
 * The rules that decide whether a run can be retried, re-run or forked (ADR 0029, 0032, 0048), as
 * pure functions of what the run row, its agent and its thread say. The services that repeat a run
 * throw the refusal these return; the run view shows the same refusal before anyone asks, so the
 * console offers only what the server will do and the two cannot disagree.
 */

/** Which rule refused: the run's status, a replay of a dataset case, an archived agent or thread, a cancelled batch, or an input that is not text. */
export type RepeatRule = 'status' | 'replay' | 'archived-agent' | 'archived-thread' | 'cancelled-batch' | 'input';

/** Why the server refuses to repeat a run: the error it throws (on `runId`) and the rule behind it. */
export interface RepeatRefusal {
  rule: RepeatRule;
  kind: 'conflict' | 'validation';
  message: string;
}

/** What the rules read. */
export interface RepeatFacts {
  runId: string;
  status: string;
  /** The run's stored input; runs store `{ text }`. */
  input: unknown;
  /** The experiment whose dataset case this run replays (its evaluation result); null for a live run. */
  replayExperimentId: string | null;
  agentId: string;
  agentArchived: boolean;
  threadId: string | null;
  threadArchived: boolean;
  /** The run that already retries this one: asking again answers that retry. */
  retriedByRunId: string | null;
  /** The batch this run is an item of (ADR 0049); null for a run outside a batch. */
  batchId: string | null;
  batchCancelled: boolean;
}

/** One action as the run view offers it: allowed, or refused with the rule and the server's words. */
export interface RepeatPermission {
  allowed: boolean;
  refusedBy: RepeatRule | null;
  reason: string | null;
}

export interface RunRepeat {
  retry: RepeatPermission;
  rerun: RepeatPermission;
  fork: RepeatPermission;
}

const retryableStatuses: ReadonlySet<string> = new Set(['failed', 'cancelled']);

/** A fork reads committed steps only: a queued or running run's latest checkpoint is replaced as it moves (fork-run.ts). */
const movingStatuses: ReadonlySet<string> = new Set(['queued', 'running']);

/** The refusals every repeat shares, checked on the run itself before anything else (load-origin-run.ts). */
export function originRefusal(facts: Pick<RepeatFacts, 'runId' | 'input' | 'replayExperimentId'>): RepeatRefusal | null {
  // A replay serves recorded tool results and never runs an unsafe tool (ADR 0048); its retry, re-run
  // or fork would be an ordinary live run of the case, executing for real what the recording served.
  if (facts.replayExperimentId !== null) {
    return {
      rule: 'replay',
      kind: 'conflict',
      message: `Run ${facts.runId} replays a dataset case in experiment ${facts.replayExperimentId}; run the experiment again instead`,
    };
  }
  if (typeof textOf(facts.input) !== 'string') return { rule: 'input', kind: 'validation', message: `Run ${facts.runId} has no text input to run again` };
  return null;
}

/** Only a failed or cancelled run is retried (a run that succeeded or is still going is re-run instead). */
export function retryStatusRefusal(runId: string, status: string): RepeatRefusal | null {
  if (retryableStatuses.has(status)) return null;
  return { rule: 'status', kind: 'conflict', message: `Run ${runId} is ${status}; only failed or cancelled runs can be retried (re-run it instead)` };
}

/** A fork waits until the run has paused or ended. */
export function forkStatusRefusal(runId: string, status: string): RepeatRefusal | null {
  if (!movingStatuses.has(status)) return null;
  return {
    rule: 'status',
    kind: 'conflict',
    message: `Run ${runId} is ${status}; fork it once it has paused or ended (its latest checkpoint changes with every step)`,
  };
}

/** An archived agent starts no runs; an admin can unarchive it. */
export function archivedAgentRefusal(agentId: string): RepeatRefusal {
  return { rule: 'archived-agent', kind: 'validation', message: `Agent ${agentId} is archived; unarchive it to run it again` };
}

/**
 * An archived thread takes no new runs, and archiving a thread cannot be undone, so a retry (which
 * continues the thread) is refused for good; a re-run has no thread and is still possible.
 */
export function archivedThreadRefusal(threadId: string): RepeatRefusal {
  return {
    rule: 'archived-thread',
    kind: 'validation',
    message: `Thread ${threadId} is archived and takes no new runs (archiving cannot be undone); re-run this run outside the thread, or start a new thread`,
  };
}

/**
 * A retry of a batch item stays in its batch (it is the item's next run, counted, capped and cancelled
 * with the batch), and a cancelled batch starts no more items, so the retry is refused for good; a
 * re-run or a fork is a run of its own, outside the batch, and is still possible.
 */
export function cancelledBatchRefusal(runId: string, batchId: string): RepeatRefusal {
  return {
    rule: 'cancelled-batch',
    kind: 'conflict',
    message: `Run ${runId} is an item of batch ${batchId}, which was cancelled; a cancelled batch's items are not retried (re-run this run instead, or submit a new batch)`,
  };
}

/** The error a service throws for a refusal; always about the run named in the request. */
export function repeatRefusalError(refusal: RepeatRefusal): DomainError {
  return new DomainError(refusal.kind, refusal.message, 'runId');
}

/**
 * Retry, re-run and fork of one run, each refused by the first rule the server checks in the same
 * order. What depends on the request rather than the run (the version asked for, the fork's step and
 * its checkpoint, the caller's role) is not judged here.
 */
export function repeatPermissions(facts: RepeatFacts): RunRepeat {
  const origin = originRefusal(facts);
  const agent = facts.agentArchived ? archivedAgentRefusal(facts.agentId) : null;
  const thread = facts.threadId !== null && facts.threadArchived ? archivedThreadRefusal(facts.threadId) : null;
  const batch = facts.batchId !== null && facts.batchCancelled ? cancelledBatchRefusal(facts.runId, facts.batchId) : null;
  // Asking to retry a run that was retried answers the existing retry, whatever changed since.
  const retry = origin ?? (facts.retriedByRunId !== null ? null : (retryStatusRefusal(facts.runId, facts.status) ?? agent ?? thread ?? batch));
  return {
    retry: permission(retry),
    rerun: permission(origin ?? agent),
    fork: permission(origin ?? forkStatusRefusal(facts.runId, facts.status) ?? agent),
  };
}

function permission(refusal: RepeatRefusal | null): RepeatPermission {
  return refusal ? { allowed: false, refusedBy: refusal.rule, reason: refusal.message } : { allowed: true, refusedBy: null, reason: null };
}

function textOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as { text?: unknown }).text : undefined;
}
