import { rawSqlFor, type Database, type Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { assertCredentialCurrent } from '../auth/assert-credential-current';
import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError, isDomainError, type DomainErrorKind } from '../errors/domain-error';
import { appendRunEvents } from '../events/append-run-events';
import { runQueuedChannel } from '../events/run-event';
import type { ToolCatalog } from '../tools/tool-catalog';
import { parseInput } from '../validation/parse-input';
import {
  decideApprovalInputSchema,
  decideApprovalsInputSchema,
  listApprovalsInputSchema,
  type DecideApprovalInput,
  type ListApprovalsInput,
} from './approval.schema';
import { approvalKind } from './approval-kind';
import { selectApprovalRows } from './approval-list-sql';
import { approvalInputExcerptLength, toApprovalView, type ApprovalView } from './approval-view';
import { EditedArgumentsCheck } from './edited-arguments-check';

const decisionStatus = { approve: 'approved', reject: 'rejected', edit: 'approved' } as const;

/** Errors of a bulk decision that say nothing about one approval: they end the whole request. */
const notAboutTheApproval = new Set<DomainErrorKind>(['unavailable', 'unauthenticated', 'forbidden']);

/** What happened to one approval of a bulk decision. */
export type BulkDecisionOutcome =
  | { approvalId: string; outcome: 'decided'; approval: ApprovalView }
  /** Not decided by this request: already decided by someone else, expired, or not found — the message says which. */
  | { approvalId: string; outcome: 'refused'; kind: DomainErrorKind; message: string };

/** Human decisions on tool calls that wait for approval. */
export class ApprovalService {
  private readonly editedArguments: EditedArgumentsCheck;

  constructor(
    private readonly database: Database,
    /** Called after a decision, so an executor in this process resumes the run without waiting. */
    private readonly onDecided: () => void = () => undefined,
    /** The platform's tools: an edit must fit the schema of the tool it edits. Built-ins are always known. */
    tools?: ToolCatalog,
  ) {
    this.editedArguments = new EditedArgumentsCheck(tools);
  }

  /** Newest first, each with its run's input excerpt, agent and version, and thread: one statement per page. */
  async list(principal: Principal, rawInput: ListApprovalsInput): Promise<{ approvals: ApprovalView[]; nextCursor: string | null }> {
    const input = parseInput(listApprovalsInputSchema, rawInput);
    const rows = await selectApprovalRows(this.database.prisma, {
      tenantId: principal.tenantId,
      status: input.status,
      runId: input.runId,
      before: input.cursor,
      limit: input.limit + 1,
      excerptLength: approvalInputExcerptLength,
    });
    const page = rows.slice(0, input.limit).map(toApprovalView);
    return { approvals: page, nextCursor: rows.length > input.limit ? (page[page.length - 1]?.id ?? null) : null };
  }

  /** One approval as `list` shows it. */
  private async view(principal: Principal, approvalId: string): Promise<ApprovalView> {
    const [row] = await selectApprovalRows(this.database.prisma, {
      tenantId: principal.tenantId,
      approvalId,
      limit: 1,
      excerptLength: approvalInputExcerptLength,
    });
    if (!row) throw new DomainError('not-found', `Approval ${approvalId} not found`, 'approvalId');
    return toApprovalView(row);
  }

  async pendingCount(principal: Principal): Promise<number> {
    // Not those whose expiry has passed (by the database's clock, as `decide` and the list judge it): a
    // decision would be refused, though the sweep may not have recorded them expired yet.
    const [counted] = await rawSqlFor(this.database.prisma).query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM approvals
        WHERE tenant_id = $1::uuid AND status = 'pending' AND (expires_at IS NULL OR expires_at > now())`,
      principal.tenantId,
    );
    return counted?.pending ?? 0;
  }

  /**
   * Records a decision with one conditional UPDATE (`… WHERE status = 'pending'`): of any number of
   * concurrent decisions exactly one wins; the others get a conflict. When it was the run's last
   * pending approval, the run is queued again and resumes with the decision. Edited arguments that
   * do not fit the tool's input schema are refused here, as a `validation` error naming the field
   * (`arguments.<path>`), so the reviewer sees it and the run does not fail on resume.
   */
  async decide(principal: Principal, rawInput: unknown): Promise<ApprovalView> {
    assertRole(principal, 'operator', 'Deciding an approval');
    const input = parseInput(decideApprovalInputSchema, rawInput);
    // Under a storm of decisions most losers arrive after the winner committed: one read answers
    // them with a conflict, instead of each holding a pooled connection in a transaction that can
    // only fail (and, queued behind the others, timing out as a 503 instead of a 409).
    const current = await this.database.prisma.approval.findFirst({
      where: { id: input.approvalId, tenantId: principal.tenantId },
      select: { status: true, expiresAt: true, requestReason: true, toolCall: { select: { name: true, implementationId: true } } },
    });
    if (!current || current.status !== 'pending' || (current.expiresAt !== null && current.expiresAt <= new Date())) {
      throw await this.explainLostDecision(this.database.prisma, principal, input.approvalId);
    }
    // A question about a call's outcome is about a call that already ran, with the arguments it shows: an
    // edit would record arguments it never ran with. An id is a question from its creation (ADR 0105), so
    // this read cannot be overtaken by the row turning into one.
    if (input.decision === 'edit' && approvalKind(current.requestReason) === 'outcome-question') {
      throw new DomainError(
        'validation',
        `Approval ${input.approvalId} asks whether a call that already ran completed; its arguments cannot be edited: approve if it completed, reject if it did not`,
        'decision',
      );
    }
    // Checked outside the transaction: a call's tool never changes, and a refusal writes nothing.
    if (input.decision === 'edit') this.editedArguments.assertFits(current.toolCall, input.arguments);
    const approvalId = await this.database.prisma.$transaction((transaction) => this.decideIn(transaction, principal, input));
    this.onDecided();
    return this.view(principal, approvalId);
  }

  /**
   * The same decision for several approvals, each through `decide` — its own conditional UPDATE,
   * ledger entry, event, audit record and re-queue — so a bulk decision is exactly N single ones.
   * Not one transaction on purpose: each is an independent decision, and one that someone else
   * made first must not undo the others; it is reported as `refused` with the reason. Failures
   * that are not about the approval (the database is down, the caller's key was revoked meanwhile)
   * end the request as usual: the decisions made before stand, none is made after.
   */
  async decideMany(principal: Principal, rawInput: unknown): Promise<{ outcomes: BulkDecisionOutcome[] }> {
    assertRole(principal, 'operator', 'Deciding approvals');
    const input = parseInput(decideApprovalsInputSchema, rawInput);
    const outcomes: BulkDecisionOutcome[] = [];
    // One after another: a burst of parallel transactions would only queue on the pool.
    for (const approvalId of input.approvalIds) {
      const single = input.decision === 'reject' ? { approvalId, decision: input.decision, reason: input.reason } : { approvalId, decision: input.decision };
      try {
        outcomes.push({ approvalId, outcome: 'decided', approval: await this.decide(principal, single) });
      } catch (error) {
        if (!isDomainError(error) || notAboutTheApproval.has(error.kind)) throw error;
        outcomes.push({ approvalId, outcome: 'refused', kind: error.kind, message: error.message });
      }
    }
    return { outcomes };
  }

  private async decideIn(transaction: Prisma.TransactionClient, principal: Principal, input: DecideApprovalInput): Promise<string> {
    const status = decisionStatus[input.decision];
    const editedArguments = input.decision === 'edit' ? (input.arguments as Prisma.InputJsonObject) : null;
    const reason = input.decision === 'reject' ? input.reason : null;
    // A decision lets a gated call run: a key revoked a moment ago (its cache not yet told) decides
    // nothing. The key row stays locked until commit, so a revoke waits for this decision or wins.
    await assertCredentialCurrent(transaction, principal);
    // The run row before the approval's: a cancel locks the run, then its approvals. In the other
    // order, a decision and a cancel of the same run deadlocked (one of them failed after 1 s).
    await transaction.$queryRawUnsafe(
      'SELECT id FROM runs WHERE id = (SELECT run_id FROM approvals WHERE id = $1::uuid AND tenant_id = $2::uuid) FOR UPDATE',
      input.approvalId,
      principal.tenantId,
    );
    // A pending gate has no edited arguments; an outcome question keeps those its call ran with (not edited, above).
    const won = await transaction.$queryRawUnsafe<{ run_id: string; tool_call_id: string; original_arguments: Prisma.JsonValue; edited_arguments: Prisma.JsonValue }[]>(
      `UPDATE approvals SET status = $3::"ApprovalStatus", decided_by = $4, decided_at = now(), decision_reason = $5,
              edited_arguments = COALESCE($6::jsonb, edited_arguments)
        WHERE id = $1::uuid AND tenant_id = $2::uuid AND status = 'pending' AND (expires_at IS NULL OR expires_at > now())
    RETURNING run_id, tool_call_id, original_arguments, edited_arguments`,
      input.approvalId,
      principal.tenantId,
      status,
      principal.apiKeyName,
      reason,
      editedArguments === null ? null : JSON.stringify(editedArguments),
    );
    const decided = won[0];
    if (!decided) throw await this.explainLostDecision(transaction, principal, input.approvalId);
    const toolCall = await transaction.toolCall.findUniqueOrThrow({ where: { id: decided.tool_call_id }, select: { status: true, statusHistory: true } });
    // For a call whose outcome was unknown after a crash, the decision settles what happened.
    const toolCallStatus = toolCall.status === 'outcome_unknown' ? (input.decision === 'reject' ? 'failed' : 'succeeded') : status;
    await transaction.toolCall.update({
      where: { id: decided.tool_call_id },
      data: {
        status: toolCallStatus,
        ...(editedArguments ? { editedArguments } : {}),
        // The ledger history names who decided and, for a rejection, why.
        statusHistory: appendDecision(toolCall.statusHistory, {
          status: toolCallStatus,
          at: new Date().toISOString(),
          actor: principal.apiKeyName,
          ...(reason ? { reason } : {}),
        }),
        ...(toolCallStatus === 'rejected' ? { errorKind: 'rejected', errorMessage: reason ?? 'rejected', finishedAt: new Date() } : {}),
      },
    });
    const run = { id: decided.run_id, tenantId: principal.tenantId };
    await appendRunEvents(transaction, run, [
      {
        type: 'approval-decided',
        payload: { approvalId: input.approvalId, toolCallId: decided.tool_call_id, decision: input.decision, reason, by: principal.apiKeyName },
      },
    ]);
    await recordAudit(transaction, principal, {
      action: `approval.${input.decision}`,
      targetType: 'approval',
      targetId: input.approvalId,
      before: { arguments: decided.original_arguments ?? null },
      // The arguments the call runs with, or, for an outcome question, ran with.
      after: { status, arguments: decided.edited_arguments ?? decided.original_arguments ?? null, reason },
    });
    await requeueWhenNoneLeft(transaction, run);
    return input.approvalId;
  }

  private async explainLostDecision(client: Pick<Prisma.TransactionClient, 'approval'>, principal: Principal, approvalId: string): Promise<DomainError> {
    const existing = await client.approval.findFirst({
      where: { id: approvalId, tenantId: principal.tenantId },
      select: { status: true, decidedBy: true, expiresAt: true },
    });
    if (!existing) {
      // A gate whose call's outcome became unknown: its row is now the outcome question, under its own id (ADR 0105).
      const question = await client.approval.findFirst({ where: { replacesApprovalId: approvalId, tenantId: principal.tenantId }, select: { id: true } });
      if (question) {
        return new DomainError(
          'conflict',
          `Approval ${approvalId} was already decided (approved) before its call ran; the call's outcome is now asked as approval ${question.id}`,
          'approvalId',
        );
      }
      return new DomainError('not-found', `Approval ${approvalId} not found`, 'approvalId');
    }
    if (existing.status === 'pending')
      return new DomainError('conflict', `Approval ${approvalId} expired at ${existing.expiresAt?.toISOString()}`, 'approvalId');
    return new DomainError(
      'conflict',
      `Approval ${approvalId} was already decided (${existing.status}${existing.decidedBy ? ` by ${existing.decidedBy}` : ''})`,
      'approvalId',
    );
  }
}

function appendDecision(history: Prisma.JsonValue, entry: Record<string, string>): Prisma.InputJsonArray {
  return [...(Array.isArray(history) ? history : []), entry] as Prisma.InputJsonArray;
}

/** Queues a waiting run again once none of its approvals is pending. */
export async function requeueWhenNoneLeft(transaction: Prisma.TransactionClient, run: { id: string; tenantId: string }): Promise<void> {
  const pending = await transaction.approval.count({ where: { runId: run.id, status: 'pending' } });
  if (pending > 0) return;
  const requeued = await transaction.run.updateMany({ where: { id: run.id, status: 'waiting_human' }, data: { status: 'queued', queuedAt: new Date() } });
  if (requeued.count === 0) return;
  await appendRunEvents(transaction, run, [{ type: 'run-queued', payload: { reason: 'approvals decided' } }]);
  await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', runQueuedChannel, run.id);
}
