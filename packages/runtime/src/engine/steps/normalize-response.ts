import { createHash } from 'node:crypto';

import type { AssistantMessage, ToolCallRequest } from '../../contracts/messages';
import type { ModelResponse } from '../../contracts/model-gateway';
import { InvalidModelResponseError } from '../../errors';
import { cutJsonDepth, findTooDeepJson } from '../../util/json-depth';
import { qualifiedCallIdSeparator } from '../delegation/forward-child-step';

/**
 * Turns a raw gateway reply into the assistant message the transcript stores, or throws
 * `InvalidModelResponseError` so nothing of a bad reply is stored: empty replies, calls without an
 * id or name, arguments that are not a JSON object, and call ids already used in this reply or run.
 * Arguments nested deeper than `maximumJsonDepth` are kept cut to one level past it (ADR 0010): the
 * call is recorded, and the registry refuses it as a failed call the model can correct.
 *
 * A call id containing the sub-agent separator (`/`) is replaced with one derived from it, unique in the
 * reply and the run: such an id could equal a sub-agent's qualified id (`<parentCall>/child-<n>/<childCall>`), and
 * the two calls would share a ledger row and an approval (ADR 0105). Only the stored message carries the
 * id, and every tool result echoes the stored call's id, so the provider sees one consistent transcript.
 */
export function normalizeResponse(
  response: ModelResponse,
  knownCallIds: ReadonlySet<string>,
  freshCallId: (rawId: string, attempt: number) => string = derivedCallId,
): AssistantMessage {
  const text = response.text ?? '';
  const rawCalls = response.toolCalls ?? [];
  if (text.trim() === '' && rawCalls.length === 0) throw new InvalidModelResponseError('The model returned an empty reply');
  const seen = new Set<string>();
  // Every id the reply names, so a fresh id never takes one a later call of the reply asks for.
  const named = new Set(rawCalls.map((raw) => raw.id));
  const toolCalls: ToolCallRequest[] = rawCalls.map((raw, position) => {
    if (typeof raw.id !== 'string' || raw.id.trim() === '') throw new InvalidModelResponseError(`Tool call #${position + 1} has no id`);
    if (typeof raw.name !== 'string' || raw.name.trim() === '') throw new InvalidModelResponseError(`Tool call ${raw.id} has no tool name`);
    if (seen.has(raw.id) || knownCallIds.has(raw.id)) throw new InvalidModelResponseError(`Duplicate tool call id ${raw.id}`);
    seen.add(raw.id);
    const id = raw.id.includes(qualifiedCallIdSeparator) ? unusedCallId((attempt) => freshCallId(raw.id, attempt), [seen, named, knownCallIds]) : raw.id;
    seen.add(id);
    return { id, name: raw.name, arguments: parseArguments(raw.id, raw.argumentsJson) };
  });
  return toolCalls.length > 0 ? { role: 'assistant', content: text, toolCalls } : { role: 'assistant', content: text };
}

/**
 * Derived from the provider's id, not random: a resumed attempt that is served the interrupted step's stored
 * reply (ADR 0085) must give its calls the ids the ledger recorded, or an unsafe call in flight would not be
 * recognised and would run again. `attempt` counts the ids already taken by other calls.
 */
function derivedCallId(rawId: string, attempt: number): string {
  const digest = createHash('sha256').update(rawId).digest('hex').slice(0, 32);
  return attempt === 0 ? `call_${digest}` : `call_${digest}_${attempt}`;
}

/** A fresh id taken by none of `taken`, and itself free of the separator (a generator's bug must not reopen the collision). */
function unusedCallId(freshCallId: (attempt: number) => string, taken: readonly ReadonlySet<unknown>[]): string {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const id = freshCallId(attempt);
    if (id.trim() !== '' && !id.includes(qualifiedCallIdSeparator) && !taken.some((ids) => ids.has(id))) return id;
  }
  throw new InvalidModelResponseError('Could not give a tool call a fresh id');
}

function parseArguments(callId: string, argumentsJson: string): Record<string, unknown> {
  // Models commonly send "" for a tool without parameters; that is an empty object, not an error.
  if (argumentsJson.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson);
  } catch {
    throw new InvalidModelResponseError(`Tool call ${callId} has arguments that are not valid JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InvalidModelResponseError(`Tool call ${callId} arguments must be a JSON object`);
  }
  // Stored whole, a 10 KB run of brackets would overflow the stack of the first recursive walk
  // (the transcript's freeze, JSON.stringify of an event or the checkpoint) and crash the step.
  if (findTooDeepJson(parsed) !== undefined) return cutJsonDepth(parsed) as Record<string, unknown>;
  return parsed as Record<string, unknown>;
}
