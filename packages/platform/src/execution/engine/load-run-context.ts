import type { PrismaClient, StatementRunner } from '@agentloom/db';
import { awaitingApprovalCallIds, parseCheckpoint, type ApprovalDecision, type MemoryScope, type Message, type ToolCallRequest } from '@agentloom/runtime';

import { agentVersionConfigSchema, type AgentVersionConfig } from '../../agents/agent-version-config';
import { outcomeQuestionPrefix } from '../../approvals/approval-kind';
import { withTenantPrices } from '../../model-prices/with-tenant-prices';
import { runMemoryScope } from '../../memory/run-memory-scope';
import { loadThreadHistory } from '../../threads/thread-history';
import { defaultDataBounds, type DataBounds } from '../data-bounds';
import type { ClaimedRun } from '../run-claims';
import { readRunStartStatement } from './run-start-sql';

export interface RunContext {
  agentId: string;
  /** The agent's slug: its name on traces (`gen_ai.agent.name`). */
  agentSlug: string;
  versionId: string;
  config: AgentVersionConfig;
  task: string;
  /** Where the run's memory tools and injection search and store: tenant, agent, and the thread and its end user. */
  memoryScope: MemoryScope;
  /** When the run was created: its memories' occurredAt and the reference date of its memory searches. */
  runCreatedAt: Date;
  /** A fresh run on a thread: the thread's earlier turns, budgeted (absent on resume — they are in the transcript). */
  history?: Message[];
  /** Per history message, the earlier runs whose content it copies (recorded on the message rows). */
  historySources?: string[][];
  /** Present when the run has progressed before (resume); absent for a fresh start. */
  resume?: {
    checkpoint: unknown;
    messages: Message[];
    decisions: ApprovalDecision[];
    input?: string;
    /**
     * A fork's first resume (its checkpoint is still the one copied from the source run, ADR 0032):
     * the checkpoint takes this version's bindings, since a fork may continue on another version.
     */
    rebindForFork?: boolean;
  };
}

/**
 * Everything needed to (re)build the engine for a claimed run, read from the database: the pinned
 * agent version, the task, and — when resuming — the latest checkpoint, the transcript rebuilt from
 * the message table (never from a copy in a job payload) and the humans' decisions.
 */
export async function loadRunContext(
  database: { prisma: PrismaClient; statements: StatementRunner },
  run: ClaimedRun,
  bounds: Pick<DataBounds, 'threadHistoryTokens' | 'threadHistoryRuns'> = defaultDataBounds,
): Promise<RunContext> {
  const { prisma } = database;
  const row = await readRunStartStatement(database.statements, run.id);
  // Prices resolved once per attempt start: the model's own pricing, else the tenant's price table (ADR 0057).
  const config = await withTenantPrices(prisma, run.tenantId, agentVersionConfigSchema.parse(row.config));
  const task = (row.input as { text?: string } | null)?.text ?? '';
  const base = { agentId: row.agentId, agentSlug: row.agentSlug, versionId: row.versionId, config, task, memoryScope: runMemoryScope(run.tenantId, row.agentId, row.thread), runCreatedAt: row.createdAt };
  // Checkpoints are written only by step commits (which count the run's steps) and by a fork (ADR 0032),
  // so a run its claim saw with no step and no fork has none to read.
  const checkpoint = run.fresh ? null : await prisma.checkpoint.findFirst({ where: { runId: run.id }, orderBy: { seq: 'desc' }, select: { state: true, createdAt: true, stepIndex: true } });
  if (!checkpoint) {
    if (!row.thread) return base;
    const history = await loadThreadHistory(prisma, {
      threadId: row.thread.id,
      runId: run.id,
      tokenBudget: bounds.threadHistoryTokens,
      maxRuns: bounds.threadHistoryRuns,
    });
    return history.messages.length > 0 ? { ...base, history: history.messages, historySources: history.sources } : base;
  }
  const [messageRows, decided, settledUnknowns] = await Promise.all([
    prisma.message.findMany({ where: { runId: run.id }, orderBy: { index: 'asc' } }),
    prisma.approval.findMany({ where: { runId: run.id, status: { in: ['approved', 'rejected', 'expired'] } }, select: { status: true, decisionReason: true, editedArguments: true, toolCall: { select: { callId: true } } } }),
    prisma.approval.findMany({
      where: { runId: run.id, requestReason: { startsWith: outcomeQuestionPrefix }, decidedAt: { gte: checkpoint.createdAt } },
      select: { status: true, decisionReason: true, toolCall: { select: { callId: true, name: true, editedArguments: true } } },
    }),
  ]);
  // The run's own waiting calls and those of a sub-agent suspended in the checkpoint (qualified ids).
  const pendingCallIds = new Set(awaitingCallIds(checkpoint.state));
  const decisions = decided.filter((approval) => pendingCallIds.has(approval.toolCall.callId)).map((approval): ApprovalDecision => {
    const callId = approval.toolCall.callId;
    if (approval.status === 'approved') return approval.editedArguments ? { callId, decision: 'edit', arguments: approval.editedArguments as Record<string, unknown> } : { callId, decision: 'approve' };
    return { callId, decision: 'reject', reason: approval.status === 'expired' ? 'expired' : (approval.decisionReason ?? 'rejected') };
  });
  const operatorNotes = settledUnknowns.map(
    (approval) =>
      // A call an approver edited ran with the edit, not with what the model proposed: the model is told which one completed.
      `Operator decision on ${approval.toolCall.name} (${approval.toolCall.callId}), ${
        approval.toolCall.editedArguments === null ? '' : `which ran with arguments an approver edited, ${JSON.stringify(approval.toolCall.editedArguments)}, and `
      }whose outcome was unknown after a crash: ${
        approval.status === 'approved' ? 'it completed; do not repeat it' : `treat it as failed${approval.decisionReason ? ` (${approval.decisionReason})` : ''}`
      }.`,
  );
  return {
    ...base,
    resume: {
      checkpoint: checkpoint.state,
      messages: messageRows.map(toMessage),
      decisions,
      ...(operatorNotes.length > 0 ? { input: operatorNotes.join('\n') } : {}),
      ...(row.forkStepIndex !== null && checkpoint.stepIndex === row.forkStepIndex ? { rebindForFork: true } : {}),
    },
  };
}

/** An invalid checkpoint waits for nothing here; `engine.resume` reports exactly what is wrong with it. */
function awaitingCallIds(state: unknown): string[] {
  try {
    return awaitingApprovalCallIds(parseCheckpoint(state));
  } catch {
    return [];
  }
}

function toMessage(row: { role: string; content: string; toolCalls: unknown; toolCallId: string | null; toolName: string | null; isError: boolean }): Message {
  switch (row.role) {
    case 'system':
      return { role: 'system', content: row.content };
    case 'user':
      return { role: 'user', content: row.content };
    case 'assistant':
      return { role: 'assistant', content: row.content, ...(Array.isArray(row.toolCalls) ? { toolCalls: row.toolCalls as ToolCallRequest[] } : {}) };
    default:
      return { role: 'tool', toolCallId: row.toolCallId ?? '', toolName: row.toolName ?? '', content: row.content, isError: row.isError };
  }
}
