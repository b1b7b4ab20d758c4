import { rawSqlFor, type Database, type PrismaClient } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import type { StoredRunEvent } from '../events/run-event';
import { toMessageView, type RunMessageView } from '../runs/message-view';
import { parseInput } from '../validation/parse-input';
import { getRunStepInputSchema, type GetRunStepInput } from './inspection.schema';
import { assertRunVisible, runPricesKnown } from './run-access';
import { toRunStepView, runStepSelect, type RunStepView } from './run-step-view';
import { loadStepToolSummaries } from './step-tool-summaries';
import { toToolCallView, toolCallViewSelect, type ToolCallView } from './tool-call-view';

/** A tool call with the calls a sub-agent made under it, nested. */
export type ToolCallNode = ToolCallView & { children: ToolCallNode[] };

/** Everything the step panel shows. */
export interface RunStepDetail {
  step: RunStepView;
  /** The model request: the transcript before this step's own messages, newest `requestMessages` of it. */
  request: { messages: RunMessageView[]; total: number };
  /** What the step wrote: the model's reply and the tool results, in order. */
  response: RunMessageView[];
  /** The step's tool calls as a tree: a sub-agent's calls under the delegating call. */
  toolCalls: ToolCallNode[];
  /** Events that name this step or one of its calls, in order (at most 200). */
  events: StoredRunEvent[];
  /** The neighbouring step indexes, for previous/next buttons. */
  previousIndex: number | null;
  nextIndex: number | null;
}

const eventLimit = 200;

/** One step of a run in full, found by index (`?step=N`) or by one of its tool calls (`?call=ID`). */
export class RunStepDetailService {
  constructor(private readonly database: Database) {}

  async get(principal: Principal, rawInput: GetRunStepInput): Promise<RunStepDetail> {
    const input = parseInput(getRunStepInputSchema, rawInput);
    const { prisma } = this.database;
    const { tenantId } = principal;
    await assertRunVisible(prisma, principal, input.runId);
    const index = input.step ?? (await this.stepOfCall(prisma, tenantId, input.runId, input.call ?? ''));
    const row = await prisma.step.findFirst({ where: { runId: input.runId, tenantId, index }, select: runStepSelect });
    if (!row) throw new DomainError('not-found', `Run ${input.runId} has no step ${index}`, 'step');

    const [summaries, pricesKnown, response, calls, neighbours] = await Promise.all([
      loadStepToolSummaries(prisma, tenantId, input.runId, [row.id]),
      runPricesKnown(prisma, tenantId, input.runId),
      prisma.message.findMany({ where: { runId: input.runId, tenantId, stepId: row.id }, orderBy: { index: 'asc' } }),
      prisma.toolCall.findMany({ where: { runId: input.runId, tenantId, stepId: row.id }, orderBy: { id: 'asc' }, select: toolCallViewSelect }),
      Promise.all([
        prisma.step.findFirst({ where: { runId: input.runId, tenantId, index: { lt: index } }, orderBy: { index: 'desc' }, select: { index: true } }),
        prisma.step.findFirst({ where: { runId: input.runId, tenantId, index: { gt: index } }, orderBy: { index: 'asc' }, select: { index: true } }),
      ]),
    ]);
    // The step's leading system and user messages (the first step's prompt, an injected memory block, seeded
    // thread history, an operator's note) went into its model call: they are the request, not the response.
    const firstAnswer = response.find((message) => message.role !== 'system' && message.role !== 'user');
    const boundary = await this.requestBoundary(prisma, tenantId, input.runId, index, firstAnswer?.index ?? (response.length > 0 ? response.at(-1)!.index + 1 : undefined));
    const ownResponse = response.filter((message) => message.index >= boundary);
    const [requestRows, events] = await Promise.all([
      input.requestMessages === 0
        ? Promise.resolve([])
        : prisma.message.findMany({ where: { runId: input.runId, tenantId, index: { lt: boundary } }, orderBy: { index: 'desc' }, take: input.requestMessages }),
      this.stepEvents(prisma, tenantId, input.runId, index, calls.map((call) => call.callId)),
    ]);
    return {
      step: toRunStepView(row, summaries.get(row.id), pricesKnown),
      // Message indexes are gap-free from 0, so the boundary is the request's length.
      request: { messages: requestRows.reverse().map(toMessageView), total: boundary },
      response: ownResponse.map(toMessageView),
      toolCalls: nestCalls(calls.map(toToolCallView)),
      events,
      previousIndex: neighbours[0]?.index ?? null,
      nextIndex: neighbours[1]?.index ?? null,
    };
  }

  private async stepOfCall(prisma: PrismaClient, tenantId: string, runId: string, call: string): Promise<number> {
    const byLedgerId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(call);
    const row = await prisma.toolCall.findFirst({
      where: { runId, tenantId, ...(byLedgerId ? { OR: [{ id: call }, { callId: call }] } : { callId: call }) },
      select: { step: { select: { index: true } } },
    });
    if (!row) throw new DomainError('not-found', `Run ${runId} has no tool call ${call}`, 'call');
    if (!row.step) throw new DomainError('not-found', `Tool call ${call} is not committed to a step yet`, 'call');
    return row.step.index;
  }

  /**
   * Where the model request ends: the step's first own answer (assistant or tool message; past its own
   * messages when it wrote only prompt messages); for a step that wrote none, the first message of a later
   * step; else the whole transcript.
   */
  private async requestBoundary(prisma: PrismaClient, tenantId: string, runId: string, index: number, firstOwn: number | undefined): Promise<number> {
    if (firstOwn !== undefined) return firstOwn;
    const later = await prisma.message.findFirst({ where: { runId, tenantId, step: { index: { gt: index } } }, orderBy: { index: 'asc' }, select: { index: true } });
    if (later) return later.index;
    return prisma.message.count({ where: { runId, tenantId } });
  }

  /**
   * Events that name the step or one of its calls. Plain SQL, so its predicates match the partial
   * expression indexes of migration 20261202140000 (`run_id, payload -> 'step'` and
   * `run_id, payload ->> 'callId'`): two index probes instead of reading every event of the run.
   */
  private async stepEvents(prisma: PrismaClient, tenantId: string, runId: string, index: number, callIds: string[]): Promise<StoredRunEvent[]> {
    return rawSqlFor(prisma).query<StoredRunEvent>(
      `SELECT run_id::text AS "runId", seq, type, payload, created_at AS "createdAt"
         FROM run_events
        WHERE run_id = $1::uuid AND tenant_id = $2::uuid
          AND ((payload ? 'step' AND payload -> 'step' = to_jsonb($3::int))
            OR (payload ? 'callId' AND payload ->> 'callId' = ANY($4::text[])))
        ORDER BY seq
        LIMIT $5::int`,
      runId,
      tenantId,
      index,
      callIds,
      eventLimit,
    );
  }
}

/** Calls whose parent is in the list go under it; the others are roots, in proposal order. */
function nestCalls(calls: ToolCallView[]): ToolCallNode[] {
  const nodes = new Map(calls.map((call) => [call.id, { ...call, children: [] as ToolCallNode[] }]));
  const roots: ToolCallNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.delegation?.parentToolCallId;
    const parent = parentId ? nodes.get(parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
