import { z } from 'zod';
import type { CompactionResult } from '../contracts/compaction-policy';
import type { ContextManager, ContextSeed, PreparedContext } from '../contracts/context-manager';
import type { JsonObject } from '../contracts/json';
import type { Message, UserMessage } from '../contracts/messages';
import { EngineStateError, ResumeMismatchError, ValidationError } from '../errors';
import { deepFreeze, jsonClone } from '../util/deep-freeze';
import { summaryMessage } from './summary-message';

const snapshotSchema = z.object({
  messageCount: z.number().int().nonnegative(),
  cutoffIndex: z.number().int().min(2),
  summary: z.string().nullable(),
  turnsSinceCompaction: z.number().int().nonnegative(),
  compactions: z.number().int().nonnegative(),
  queuedInputs: z.array(z.object({ role: z.literal('user'), content: z.string() })),
  /** Seeded history messages at indexes 2 … 1 + historyCount; absent in checkpoints written before history existed. */
  historyCount: z.number().int().nonnegative().default(0),
});

/**
 * Journal of the transcript plus a view: system message and task pinned, then the summary snapshot,
 * then messages from `cutoffIndex` on. Its snapshot is pointers and counters only, so checkpoint size
 * does not grow with the transcript. Journal messages are deep-frozen: views share them safely.
 */
export class JournalContextManager implements ContextManager {
  readonly moduleId = 'journal-context/v1';
  private messages: Message[] = [];
  private cutoffIndex = 2;
  private summary: string | null = null;
  private turnsSinceCompaction = 0;
  private compactions = 0;
  private queued: UserMessage[] = [];
  private historyCount = 0;

  create(seed: ContextSeed): Message[] {
    this.reset();
    const history = (seed.history ?? []).map((message) => deepFreeze(jsonClone(message)));
    const initial: Message[] = [deepFreeze<Message>({ role: 'system', content: seed.systemPrompt }), deepFreeze<Message>({ role: 'user', content: seed.task }), ...history];
    this.messages.push(...initial);
    this.historyCount = history.length;
    return initial;
  }

  restore(snapshot: JsonObject, transcript: readonly Message[]): void {
    const parsed = snapshotSchema.safeParse(snapshot);
    if (!parsed.success) throw new ValidationError(`Invalid context snapshot: ${parsed.error.message}`);
    const state = parsed.data;
    if (transcript.length !== state.messageCount) {
      throw new ResumeMismatchError([{ path: 'context.messageCount', recorded: state.messageCount, current: transcript.length }]);
    }
    if (transcript[0]?.role !== 'system' || transcript[1]?.role !== 'user') {
      throw new ValidationError('Transcript must start with the system message and the task');
    }
    this.messages = transcript.map((message) => deepFreeze(jsonClone(message)));
    this.cutoffIndex = state.cutoffIndex;
    this.summary = state.summary;
    this.turnsSinceCompaction = state.turnsSinceCompaction;
    this.compactions = state.compactions;
    this.queued = state.queuedInputs.map((input) => ({ ...input }));
    this.historyCount = state.historyCount;
  }

  append(messages: readonly Message[]): number {
    if (this.messages.length === 0) throw new EngineStateError('Context journal used before create() or restore()');
    const first = this.messages.length;
    // Frozen once on entry, so every view handed to modules can share them without copying.
    for (const message of messages) this.messages.push(deepFreeze(message));
    return first;
  }

  queueInput(message: UserMessage): void {
    this.queued.push({ role: 'user', content: message.content });
  }

  drainInputs(): UserMessage[] {
    const drained = this.queued;
    this.queued = [];
    return drained;
  }

  prepare(): PreparedContext {
    const [system, task] = this.messages;
    if (!system || !task) throw new EngineStateError('Context journal used before create() or restore()');
    const messages: Message[] = [system];
    const messageIndexes = [0];
    // Seeded history precedes the task in the view (earlier turns come first), unless compacted away.
    const historyEnd = 2 + this.historyCount;
    for (let index = Math.max(this.cutoffIndex, 2); index < historyEnd; index += 1) {
      messages.push(this.messages[index]!);
      messageIndexes.push(index);
    }
    messages.push(task);
    messageIndexes.push(1);
    if (this.summary !== null) {
      messages.push(summaryMessage(this.summary));
      messageIndexes.push(-1);
    }
    for (let index = Math.max(this.cutoffIndex, historyEnd); index < this.messages.length; index += 1) {
      messages.push(this.messages[index]!);
      messageIndexes.push(index);
    }
    return { messages, messageIndexes, turnsSinceCompaction: this.turnsSinceCompaction, summary: this.summary };
  }

  applyCompaction(result: CompactionResult): void {
    const cut = result.cutoffIndex;
    if (cut <= this.cutoffIndex || cut > this.messages.length) {
      throw new ValidationError(`Compaction cutoff ${cut} outside the compactable range (${this.cutoffIndex}, ${this.messages.length}]`);
    }
    // A cut at a tool result would separate it from the assistant call it answers.
    if (this.messages[cut]?.role === 'tool') throw new ValidationError(`Compaction cutoff ${cut} would split a tool call from its result`);
    this.cutoffIndex = cut;
    this.summary = result.summary;
    this.turnsSinceCompaction = 0;
    this.compactions += 1;
  }

  recordTurn(): void {
    this.turnsSinceCompaction += 1;
  }

  task(): string {
    return this.messages[1]?.content ?? '';
  }

  transcript(): readonly Message[] {
    return this.messages;
  }

  snapshot(): JsonObject {
    return {
      messageCount: this.messages.length,
      cutoffIndex: this.cutoffIndex,
      summary: this.summary,
      turnsSinceCompaction: this.turnsSinceCompaction,
      compactions: this.compactions,
      queuedInputs: this.queued.map((input) => ({ role: input.role, content: input.content })),
      ...(this.historyCount > 0 ? { historyCount: this.historyCount } : {}),
    };
  }

  private reset(): void {
    this.messages = [];
    this.cutoffIndex = 2;
    this.summary = null;
    this.turnsSinceCompaction = 0;
    this.compactions = 0;
    this.queued = [];
    this.historyCount = 0;
  }
}
