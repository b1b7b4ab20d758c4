import type { Message } from '@agentloom/runtime';
import { z } from 'zod';

/** An existing memory the model may update, delete or leave alone, under a short local id. */
export interface ExistingMemory {
  /** "0", "1", … — short ids the model cannot mistype the way it mistypes uuids (Mem0 does the same). */
  localId: string;
  itemId: string;
  key: string | null;
  content: string;
}

const decisionSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('ADD'),
    key: z.string().trim().min(1).max(200),
    text: z.string().trim().min(1).max(2_000),
    reason: z.string().max(500).default(''),
  }),
  z.object({
    event: z.literal('UPDATE'),
    id: z.string(),
    key: z.string().trim().min(1).max(200).optional(),
    text: z.string().trim().min(1).max(2_000),
    reason: z.string().max(500).default(''),
  }),
  z.object({ event: z.literal('DELETE'), id: z.string(), reason: z.string().max(500).default('') }),
  z.object({ event: z.literal('NONE'), id: z.string().optional(), reason: z.string().max(500).default('') }),
]);

const replySchema = z.object({ decisions: z.array(decisionSchema).max(20) });

export type ProposedDecision = z.infer<typeof decisionSchema>;

/** The model's reply could not be used; the job records it and retries a bounded number of times. */
export class UnusableExtractionReply extends Error {
  readonly kind = 'unusable-extraction-reply';
}

const instructions = `You maintain the long-term memory of an assistant. From the conversation turn below, extract durable facts worth remembering in later conversations (preferences, decisions, plans, names, numbers, dates; not small talk, not the task itself). Compare each fact with the existing memories and decide:
- ADD: a new fact. Give a stable key (lowercase, dotted, about the subject, e.g. "user.preferred_language", "project.deploy_window") and the fact as one sentence.
- UPDATE: the fact changes or refines an existing memory. Give its id and the new sentence (keep the subject; the old value is replaced).
- DELETE: the turn says an existing memory is no longer true and gives no replacement. Give its id.
- NONE: an existing memory already says this. Give its id.
Reply with JSON only: {"decisions":[{"event":"ADD","key":"…","text":"…","reason":"…"},{"event":"UPDATE","id":"0","text":"…","reason":"…"},{"event":"DELETE","id":"1","reason":"…"},{"event":"NONE","id":"2","reason":"…"}]}. Reply {"decisions":[]} when there is nothing to remember.`;

/** The one request of an extraction: the turn and the nearest existing memories. */
export function extractionMessages(turn: { task: string; answer: string }, existing: readonly ExistingMemory[]): Message[] {
  const memories =
    existing.length === 0 ? '(none)' : existing.map((memory) => `${memory.localId}. ${memory.key ? `[key ${memory.key}] ` : ''}${memory.content}`).join('\n');
  return [
    { role: 'system', content: instructions },
    { role: 'user', content: `Existing memories:\n${memories}\n\nConversation turn:\nUser: ${turn.task}\nAssistant: ${turn.answer}` },
  ];
}

/**
 * The decisions in the model's reply (JSON, possibly inside a code fence). Throws
 * UnusableExtractionReply for anything else, or for an id that names no existing memory.
 */
export function parseExtractionReply(text: string, existing: readonly ExistingMemory[]): ProposedDecision[] {
  const json = text.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new UnusableExtractionReply(`The extraction reply is not JSON: ${json.slice(0, 120)}`);
  }
  const parsed = replySchema.safeParse(value);
  if (!parsed.success)
    throw new UnusableExtractionReply(`The extraction reply does not match the decision format: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const known = new Set(existing.map((memory) => memory.localId));
  for (const decision of parsed.data.decisions) {
    if ('id' in decision && decision.id !== undefined && !known.has(decision.id)) {
      throw new UnusableExtractionReply(`The extraction reply names memory ${decision.id}, which was not offered`);
    }
  }
  return parsed.data.decisions;
}
