import type { Message } from '../contracts/messages';

/** Measures the characters the model reads for one message; the estimator's one expensive part. */
export type MessageCharacterCounter = (message: Message) => number;

/** Characters the model reads for a message, tool calls included (their arguments as JSON). */
export function countMessageCharacters(message: Message): number {
  if (message.role === 'assistant') {
    const calls = message.toolCalls ?? [];
    return message.content.length + calls.reduce((total, call) => total + call.name.length + JSON.stringify(call.arguments).length, 0);
  }
  if (message.role === 'tool') return message.content.length + message.toolName.length;
  return message.content.length;
}

/**
 * Conservative token estimate without a tokenizer: about 3 characters per token (real English text is
 * nearer 4), plus a per-message overhead for role markers. Over-estimating compacts a little early,
 * which is cheaper than a provider rejecting an oversized prompt.
 *
 * Each message is measured once: the compaction check runs every step over the whole visible
 * context, and re-measuring it (a `JSON.stringify` of every past tool call) made a run quadratic —
 * step 1,000 cost five times step 100 (bench/engine-overhead). Sizes are remembered per message
 * object, and only for frozen ones: the context journal deep-freezes every message it holds, so a
 * frozen message cannot change under its cached size; an unfrozen one is measured each time.
 */
export class TokenEstimator {
  private readonly characterCache = new WeakMap<Message, number>();
  /** The last list summed, up to its first unfrozen message, and its running totals (`prefixTokens[i]` = tokens of the first i). */
  private lastList: Message[] = [];
  private prefixTokens: number[] = [0];

  constructor(private readonly countCharacters: MessageCharacterCounter = countMessageCharacters) {}

  messageCharacters(message: Message): number {
    if (!Object.isFrozen(message)) return this.countCharacters(message);
    let characters = this.characterCache.get(message);
    if (characters === undefined) {
      characters = this.countCharacters(message);
      this.characterCache.set(message, characters);
    }
    return characters;
  }

  estimateMessageTokens(message: Message): number {
    return Math.ceil(this.messageCharacters(message) / 3) + 4;
  }

  /**
   * Sum over a list. Successive views of one run share a long prefix of the same frozen messages
   * (the view only grows at the end between compactions), so the running total of the previous
   * list is reused up to the first difference: a pointer comparison per message instead of a
   * cache lookup, which kept the check's cost flat from step 10 to step 1,000.
   */
  estimateTokens(messages: readonly Message[]): number {
    const reusable = Math.min(messages.length, this.lastList.length);
    let same = 0;
    while (same < reusable && messages[same] === this.lastList[same]) same += 1;
    // Truncated in place: copying the kept prefix would cost a pass over the whole view again.
    const list = this.lastList;
    const prefix = this.prefixTokens;
    list.length = same;
    prefix.length = same + 1;
    let total = prefix[same]!;
    let frozen = true;
    for (let index = same; index < messages.length; index += 1) {
      const message = messages[index]!;
      total += this.estimateMessageTokens(message);
      // Only frozen messages can be trusted unchanged next time; the reusable prefix stops at the first other one.
      frozen &&= Object.isFrozen(message);
      if (frozen) {
        list.push(message);
        prefix.push(total);
      }
    }
    return total;
  }
}

/** The process-wide estimator behind the plain functions; its cache holds messages only while they live (WeakMap). */
const sharedEstimator = new TokenEstimator();

export function estimateTokens(messages: readonly Message[]): number {
  return sharedEstimator.estimateTokens(messages);
}

export function estimateMessageTokens(message: Message): number {
  return sharedEstimator.estimateMessageTokens(message);
}

/** Characters the model reads for a message, tool calls included (cached for frozen messages). */
export function messageCharacters(message: Message): number {
  return sharedEstimator.messageCharacters(message);
}
