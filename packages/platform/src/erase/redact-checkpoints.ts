import { Prisma } from '@agentloom/db';

import { erasedContent } from './erased-content';

/** Erased (or forgotten) memory items: their ids and texts, and the runs known to have read them (injection rows). */
export interface ErasedMemory {
  ids: string[];
  texts: string[];
  readerRunIds: string[];
}

/**
 * Texts shorter than this are matched by id only: a two-letter fact would otherwise redact every
 * string of a reader's checkpoint that happens to contain those letters.
 */
const shortestMatchedText = 4;

/**
 * Redacts, in the checkpoints of runs that read erased memory, every string that quotes it — by id
 * (a `memory_search` result lists its hits as `[<id>] <text>`) or by the item's text. A checkpoint
 * holds what the run's rows do not: results of a tool batch kept until the batch completes
 * (`pendingCalls[].result`), a suspended sub-agent's transcript and checkpoint (`child.messages`,
 * `child.checkpoint`), routing decisions. A run resumed from it (after an approval, say) appends
 * those to its transcript, so a copy left there would come back after the erase. The whole string
 * is replaced, as the redacted message is — except a call's arguments (`untouchedFields`). Returns
 * the checkpoints changed, and how many in-flight replies.
 */
export async function redactReaderCheckpoints(
  transaction: Prisma.TransactionClient,
  tenantId: string,
  readerRunIds: readonly string[],
  erased: Pick<ErasedMemory, 'ids' | 'texts'>,
): Promise<RedactedReaderState> {
  const mentions = mentionsOf(erased);
  if (readerRunIds.length === 0 || mentions.length === 0) return { checkpointIds: [], inFlightReplies: 0 };
  const checkpoints = await transaction.checkpoint.findMany({ where: { tenantId, runId: { in: [...readerRunIds] } }, select: { id: true, state: true } });
  const checkpointIds: string[] = [];
  for (const checkpoint of checkpoints) {
    const redacted = redactQuotingStrings(checkpoint.state, mentions);
    if (redacted === checkpoint.state) continue;
    await transaction.checkpoint.update({ where: { id: checkpoint.id }, data: { state: redacted as Prisma.InputJsonValue } });
    checkpointIds.push(checkpoint.id);
  }
  return { checkpointIds, inFlightReplies: await redactReaderReplies(transaction, tenantId, readerRunIds, mentions) };
}

/** What `redactReaderCheckpoints` changed: the checkpoints, and the in-flight replies (`runs.in_flight_reply`). */
export interface RedactedReaderState {
  checkpointIds: string[];
  inFlightReplies: number;
}

/**
 * The model reply a reader's unfinished step stored before its first unsafe call (`runs.in_flight_reply`,
 * ADR 0085) is what that run resumes with, as a checkpoint is: its text is redacted where it quotes, while
 * the call ids and arguments stay, so the resumed step still finds its calls in the ledger (an unsafe call
 * in flight goes to an operator instead of running again). Counted apart (`in_flight_replies_redacted`).
 */
async function redactReaderReplies(transaction: Prisma.TransactionClient, tenantId: string, readerRunIds: readonly string[], mentions: readonly string[]): Promise<number> {
  const runs = await transaction.run.findMany({
    where: { tenantId, id: { in: [...readerRunIds] }, inFlightReply: { not: Prisma.DbNull } },
    select: { id: true, inFlightReply: true },
  });
  let changed = 0;
  for (const run of runs) {
    const redacted = redactQuotingStrings(run.inFlightReply, mentions);
    if (redacted === run.inFlightReply) continue;
    await transaction.run.update({ where: { id: run.id }, data: { inFlightReply: redacted as Prisma.InputJsonValue } });
    changed += 1;
  }
  return changed;
}

/** What quotes the items: their ids, and their texts but the shortest. */
export function mentionsOf(erased: Pick<ErasedMemory, 'ids' | 'texts'>): string[] {
  return [...erased.ids, ...erased.texts.filter((text) => text.length >= shortestMatchedText)];
}

/**
 * Fields left as they are, at any depth. `arguments` are what the model asked a tool to do (of a
 * pending call, a sub-agent's request, an edit decision): a human approves them as the approval shows
 * them, and a redacted copy would run arguments nobody approved. They are the reader's own output,
 * which an erase leaves, like its answer (ADR 0008). `invocationState` is a tool's own progress.
 * `argumentsJson` is a stored model reply's arguments (`runs.in_flight_reply`), the same thing unparsed.
 *
 * The others hold no content but names, ids and states: a memory text of four letters or more that
 * happens to be one of them ("done", "tool", "unsafe", a model's name) would turn a call's status or a
 * message's role into `[erased]`, and the reader's checkpoint would no longer parse — the run could
 * never resume. `bindings` are the modules' and tools' configuration the run resumes with.
 */
const untouchedFields: ReadonlySet<string> = new Set([
  'arguments',
  'argumentsJson',
  'invocationState',
  'bindings',
  'id',
  'callId',
  'toolCallId',
  'parentCallId',
  'instanceId',
  'name',
  'toolName',
  'agent',
  'implementationId',
  'sideEffects',
  'schemaHash',
  'moduleId',
  'model',
  'role',
  'type',
  'kind',
  'status',
  'decision',
  'format',
  'finishReason',
]);

/** `value` with every string that contains one of `mentions` replaced; the same object when none does. */
export function redactQuotingStrings(value: Prisma.JsonValue, mentions: readonly string[]): Prisma.JsonValue {
  if (typeof value === 'string') return mentions.some((mention) => value.includes(mention)) ? erasedContent : value;
  if (Array.isArray(value)) {
    const items = value.map((item) => redactQuotingStrings(item, mentions));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, Prisma.JsonValue> | undefined;
    for (const [key, field] of Object.entries(value)) {
      if (untouchedFields.has(key)) continue;
      const redacted = redactQuotingStrings(field ?? null, mentions);
      if (redacted !== field) (copy ??= { ...value } as Record<string, Prisma.JsonValue>)[key] = redacted;
    }
    return copy ?? value;
  }
  return value;
}

/** The items' texts and the runs their injection rows name; read before the items (and, by cascade, those rows) go. */
export async function erasedMemoryOf(transaction: Prisma.TransactionClient, tenantId: string, ids: string[]): Promise<ErasedMemory> {
  if (ids.length === 0) return { ids, texts: [], readerRunIds: [] };
  const items = await transaction.memoryItem.findMany({ where: { tenantId, id: { in: ids } }, select: { content: true } });
  const readers = await transaction.memoryInjection.findMany({ where: { tenantId, memoryItemId: { in: ids } }, select: { runId: true }, distinct: ['runId'] });
  return { ids, texts: items.map((item) => item.content), readerRunIds: readers.map((reader) => reader.runId) };
}
