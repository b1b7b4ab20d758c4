import { parseCheckpoint, type Checkpoint } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';

/** A message of the source run's transcript, as the fork copies it. */
export interface ForkedMessage {
  index: number;
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
}

export interface ForkEdits {
  messages?: { index: number; content: string }[] | undefined;
  appendMessage?: string | undefined;
  state?: Record<string, unknown> | undefined;
}

/** The fork's starting point after the edits: the checkpoint state to copy and each message's (possibly new) content. */
export interface EditedForkPoint {
  state: Checkpoint;
  /** Content by transcript index, for the messages an edit replaced. */
  replacedContent: Map<number, string>;
}

/**
 * Applies and validates a fork's edits to the source step's checkpoint and transcript, before
 * anything is written: an edited state must be a valid checkpoint of the same step and transcript
 * length with no tool calls in flight; only user messages can be rewritten; an added message is
 * queued as the next user input (the engine appends it before the next model call, as it does for a
 * follow-up). A run that had completed at that step needs an added message to have something to do.
 * @throws DomainError `validation` naming the field (`state…`, `messages.N.index`, `appendMessage`).
 */
export function applyForkEdits(stored: unknown, stepIndex: number, transcript: readonly ForkedMessage[], edits: ForkEdits): EditedForkPoint {
  const state = parseState(edits.state ?? stored, edits.state !== undefined, stepIndex);
  const stateField = edits.state !== undefined ? 'state' : 'stepIndex';
  if (state.step !== stepIndex) throw new DomainError('validation', `The state is the checkpoint of step ${state.step}, not of step ${stepIndex}`, 'state.step');
  if (state.pendingCalls.length > 0) {
    const field = edits.state !== undefined ? 'state.pendingCalls' : 'stepIndex';
    throw new DomainError('validation', `Step ${stepIndex} stopped with tool calls in flight (waiting for approval or to run); fork from a step whose calls had finished`, field);
  }
  const messageCount = state.context['messageCount'];
  if (messageCount !== transcript.length) {
    throw new DomainError(
      'validation',
      typeof messageCount === 'number'
        ? `The transcript at step ${stepIndex} has ${transcript.length} messages, the state says ${messageCount}; edit messages with \`messages\`, not the count`
        : `The checkpoint of step ${stepIndex} does not record its transcript length, so its transcript cannot be copied`,
      edits.state !== undefined ? 'state.context.messageCount' : stateField,
    );
  }
  const replacedContent = new Map<number, string>();
  for (const [position, edit] of (edits.messages ?? []).entries()) {
    const field = `messages.${position}.index`;
    const message = transcript[edit.index];
    if (!message) throw new DomainError('validation', `The transcript at step ${stepIndex} has messages 0 to ${transcript.length - 1}; there is no message ${edit.index}`, field);
    if (message.role !== 'user') throw new DomainError('validation', `Message ${edit.index} is a ${message.role} message; only user messages can be edited`, field);
    if (replacedContent.has(edit.index)) throw new DomainError('validation', `Message ${edit.index} is edited twice`, field);
    replacedContent.set(edit.index, edit.content);
  }
  if (edits.appendMessage !== undefined) {
    const queued = state.context['queuedInputs'];
    if (!Array.isArray(queued)) throw new DomainError('validation', `The checkpoint of step ${stepIndex} has no input queue to add a message to`, 'appendMessage');
    state.context['queuedInputs'] = [...queued, { role: 'user', content: edits.appendMessage }];
  }
  if (state.status === 'completed') {
    if (edits.appendMessage === undefined) {
      throw new DomainError('validation', `The run completed at step ${stepIndex}; add a message (appendMessage) for the fork to answer`, 'appendMessage');
    }
    state.status = 'running';
  }
  return { state, replacedContent };
}

function parseState(value: unknown, edited: boolean, stepIndex: number): Checkpoint {
  try {
    return parseCheckpoint(value);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (edited) throw new DomainError('validation', message, 'state');
    throw new DomainError('validation', `The checkpoint of step ${stepIndex} cannot be resumed: ${message}`, 'stepIndex');
  }
}
