import { preparedStatement, queryRows, type StatementRunner } from '@agentloom/db';
import type { ModelGateway, ModelRequest, ModelResponse } from '@agentloom/runtime';
import { z } from 'zod';

import { fromJsonColumn } from './json-column';

/**
 * The run's own action-model reply of a step whose first `unsafe` call is about to start, as the tool
 * ledger stores it (`runs.in_flight_reply`, ADR 0085). A provider names each call anew in every
 * response, so the call ids of this reply are the only ones the ledger's rows of that step carry.
 */
export interface InFlightReply {
  /** The step the reply answered (the runtime's 1-based step number). */
  step: number;
  /** The reply as the engine received it (`modelCallFinished`), before it was validated. */
  response: ModelResponse;
}

const inFlightReplySchema = z.object({
  step: z.number().int().positive(),
  response: z.looseObject({
    text: z.string(),
    toolCalls: z.array(z.looseObject({ id: z.string(), name: z.string(), argumentsJson: z.string() })),
    usage: z.looseObject({ inputTokens: z.number(), outputTokens: z.number() }),
    model: z.string(),
    finishReason: z.enum(['stop', 'tool-calls', 'length', 'content-filter', 'error', 'other']),
  }),
});

/**
 * The stored reply a claim read, or undefined when there is none. One that does not parse (written by
 * no version of this code) is not served: its step asks the model again, as it did before the column existed.
 */
export function inFlightReplyOf(column: unknown): InFlightReply | undefined {
  if (column === null || column === undefined) return undefined;
  const parsed = inFlightReplySchema.safeParse(fromJsonColumn(column));
  return parsed.success ? parsed.data : undefined;
}

const storeReply = preparedStatement(
  `UPDATE runs SET in_flight_reply = $4::jsonb
    WHERE id = $1::uuid AND lease_owner = $2 AND attempt = $3 AND status = 'running'
    RETURNING 1 AS stored`,
);

/**
 * Stores the reply on the run, fenced by the lease like every write of an attempt (its own statement,
 * so its own transaction, flushed before it returns). `lease-lost`: another attempt holds the run.
 */
export async function storeInFlightReplyStatement(
  runner: StatementRunner,
  run: { id: string; attempt: number },
  owner: string,
  reply: InFlightReply,
): Promise<'stored' | 'lease-lost'> {
  const rows = await queryRows<{ stored: number }>(runner, storeReply, [run.id, owner, run.attempt, JSON.stringify(reply)]);
  return rows.length > 0 ? 'stored' : 'lease-lost';
}

/**
 * The run's model gateway for an attempt that claimed the run with a stored reply: the run's own action
 * call of exactly the stored step is answered with that reply, once, without asking the model; every
 * other call (another step, an auxiliary purpose, a sub-agent's call) goes to the model. A committed step
 * is never asked again, so a reply left from an older step is never served.
 *
 * It does not claim the call as served from a recording (`RecordedReplySource`): the reply was paid for
 * by the interrupted attempt, whose step never committed its usage, so this step's commit bills it once.
 * Module id and checkpoint config are the model's own, so checkpoints and resume bindings do not change.
 */
export class InFlightReplyGateway implements ModelGateway {
  private pending: InFlightReply | undefined;

  constructor(
    private readonly model: ModelGateway,
    /** The run's instance id (its run id); a sub-agent's calls carry their own. */
    private readonly instanceId: string,
    reply: InFlightReply,
  ) {
    this.pending = reply;
  }

  get moduleId(): string {
    return this.model.moduleId;
  }

  checkpointConfig(): Record<string, unknown> {
    return this.model.checkpointConfig?.() ?? {};
  }

  invoke(request: ModelRequest): Promise<ModelResponse> {
    const reply = this.pending;
    if (!reply || !answers(reply, this.instanceId, request)) return this.model.invoke(request);
    this.pending = undefined;
    // Watchers of the run see the reply's text as they would see it streamed.
    if (reply.response.text !== '') request.onTextDelta?.(reply.response.text);
    return Promise.resolve(structuredClone(reply.response));
  }

  close(): Promise<void> {
    return this.model.close?.() ?? Promise.resolve();
  }
}

function answers(reply: InFlightReply, instanceId: string, request: ModelRequest): boolean {
  return request.purpose === 'action' && request.instance.instanceId === instanceId && request.instance.step === reply.step;
}
