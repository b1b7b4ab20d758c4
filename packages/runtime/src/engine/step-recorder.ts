import type { EventBus } from '../contracts/event-bus';
import type { RuntimeEvent, RuntimeEventType } from '../contracts/events';
import type { JsonObject } from '../contracts/json';
import type { Message } from '../contracts/messages';
import type { ModelUsage } from '../contracts/model-gateway';
import type { Citation, ToolContext } from '../contracts/tool-context';
import type { ContextManager } from '../contracts/context-manager';
import type { RunState } from './run-state';
import type { IndexedTranscriptMessage, ToolCallRecord } from './step-result';

/** Topic on which every run event is published to observers. */
export const runEventTopic = 'run-event';

/**
 * Collects what one step produces (events, transcript messages, tool call records, citations, usage)
 * so the host can persist it together with the checkpoint.
 */
export class StepRecorder {
  readonly events: RuntimeEvent[] = [];
  readonly messages: IndexedTranscriptMessage[] = [];
  readonly toolCalls: ToolCallRecord[] = [];
  readonly citations: Citation[] = [];
  readonly usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  /** The step's usage when the budget guard last answered "not spent" in this step (`checkBudget`). */
  budgetClearedAt: ModelUsage | undefined;

  constructor(
    private readonly state: RunState,
    private readonly context: ContextManager,
    private readonly bus: EventBus<ToolContext>,
    private readonly clock: () => Date,
  ) {}

  get step(): number {
    return this.state.stepNumber + 1;
  }

  emit(type: RuntimeEventType, data: JsonObject = {}): void {
    this.state.eventSequence += 1;
    const event: RuntimeEvent = { type, instanceId: this.state.instanceId, sequence: this.state.eventSequence, step: this.step, at: this.clock().toISOString(), data };
    this.events.push(event);
    // Observers receive their own deep-frozen JSON copy from the bus; the recorded event stays private.
    this.bus.publish(runEventTopic, event as unknown as JsonObject);
  }

  /** Appends accepted messages to the transcript and notes them for persistence. */
  append(...messages: Message[]): void {
    if (messages.length === 0) return;
    const first = this.context.append(messages);
    messages.forEach((message, offset) => {
      this.messages.push({ index: first + offset, message });
      if (message.role === 'assistant') for (const call of message.toolCalls ?? []) this.state.knownCallIds.add(call.id);
    });
  }

  /** Notes messages a module already appended (the run's first messages) so they are persisted with this step. */
  noteAppended(first: number, messages: readonly Message[]): void {
    messages.forEach((message, offset) => this.messages.push({ index: first + offset, message }));
  }

  addUsage(usage: ModelUsage): void {
    this.usage.inputTokens += usage.inputTokens;
    this.usage.outputTokens += usage.outputTokens;
    if (usage.costUsd !== undefined) this.usage.costUsd = (this.usage.costUsd ?? 0) + usage.costUsd;
  }
}
