import { rawSqlFor, type Prisma } from '@agentloom/db';

import { mentionsOf, redactQuotingStrings, type ErasedMemory } from './redact-checkpoints';

/**
 * Redacts forgotten memory items from the evaluation cases that copied them: a case recorded from a
 * run that read an item keeps the item (`memory_injections`, which a replay in recorded memory mode
 * serves to the model again) and the prompt that carried it (`transcript`, and a `memory_search`
 * result in `tool_results`). The item's entries leave `memory_injections`; every string of the other
 * copies that quotes the item (by id, or its text) becomes `[erased]`, as in reader checkpoints, and a
 * call's `arguments` stay (the reader's own output). An erase deletes such cases instead, with the
 * runs they were recorded from; a forget keeps the runs, so it keeps their cases, redacted.
 * Returns the cases changed.
 */
export async function redactCaseCopies(transaction: Prisma.TransactionClient, tenantId: string, forgotten: ErasedMemory): Promise<number> {
  const mentions = mentionsOf(forgotten);
  if (forgotten.ids.length === 0 || mentions.length === 0) return 0;
  // Cases recorded from a reader, and cases that name an item (imported from JSONL, say).
  const cases = await rawSqlFor(transaction).query<{
    id: string;
    memory_injections: Prisma.JsonValue;
    transcript: Prisma.JsonValue;
    tool_results: Prisma.JsonValue;
    thread_context: Prisma.JsonValue;
  }>(
    `SELECT id::text AS id, memory_injections, transcript, tool_results, thread_context FROM eval_cases
      WHERE tenant_id = $1::uuid
        AND (source_run_id = ANY($2::uuid[])
          OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(memory_injections) = 'array' THEN memory_injections ELSE '[]'::jsonb END) AS item
                      WHERE item ->> 'id' = ANY($3::text[])))`,
    tenantId,
    [...forgotten.readerRunIds],
    [...forgotten.ids],
  );
  let changed = 0;
  for (const evalCase of cases) {
    const injections = Array.isArray(evalCase.memory_injections) ? evalCase.memory_injections : [];
    const kept = injections.filter((item) => !isForgottenEntry(item, forgotten.ids));
    const transcript = redactQuotingStrings(evalCase.transcript, mentions);
    const toolResults = redactQuotingStrings(evalCase.tool_results, mentions);
    const threadContext = redactQuotingStrings(evalCase.thread_context, mentions);
    if (
      kept.length === injections.length &&
      transcript === evalCase.transcript &&
      toolResults === evalCase.tool_results &&
      threadContext === evalCase.thread_context
    )
      continue;
    await transaction.evalCase.update({
      where: { id: evalCase.id },
      data: {
        memoryInjections: kept,
        transcript: transcript as Prisma.InputJsonValue,
        toolResults: toolResults as Prisma.InputJsonValue,
        threadContext: threadContext as Prisma.InputJsonValue,
      },
    });
    changed += 1;
  }
  return changed;
}

/** A `memory_injections` entry of one of the items: `{ id, kind, content, … }`. */
function isForgottenEntry(entry: Prisma.JsonValue, ids: readonly string[]): boolean {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return false;
  const id = entry['id'];
  return typeof id === 'string' && ids.includes(id);
}
