import type { Prisma } from '@agentloom/db';
import type { RuntimeEvent } from '@agentloom/runtime';

import type { NewRunEvent } from '../../events/run-event';

/**
 * Turns one step's engine events into log events. The platform owns `run-started` (claim) and
 * `run-finished` (with the final status), so the engine's are renamed or folded in; consecutive
 * text deltas are coalesced into one event per model call so the log stays compact.
 */
export function toRunEvents(events: readonly RuntimeEvent[]): NewRunEvent[] {
  const result: NewRunEvent[] = [];
  for (const event of events) {
    if (event.type === 'run-finished') continue;
    const payload = { ...event.data, step: event.step, at: event.at } as Prisma.InputJsonObject;
    const previous = result[result.length - 1];
    if (event.type === 'text-delta' && previous?.type === 'text-delta') {
      previous.payload = { ...previous.payload, delta: `${textOf(previous.payload.delta)}${textOf(event.data.delta)}` };
      continue;
    }
    result.push({ type: event.type === 'run-started' ? 'execution-started' : event.type, payload });
  }
  return result;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
