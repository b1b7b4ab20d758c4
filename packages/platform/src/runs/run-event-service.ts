import type { Database } from '@agentloom/db';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import type { RunEventHub } from '../events/run-event-hub';
import type { StoredRunEvent } from '../events/run-event';
import { readRunEvents } from '../events/run-event-reader';
import { streamRunEvents, type RunEventStreamItem } from '../events/stream-run-events';
import { databaseIntegerSchema } from '../validation/database-integer.schema';
import { parseInput } from '../validation/parse-input';
import { readFinishedSeq, readStreamPosition } from './run-stream-position';

export const eventsInputSchema = z.object({
  runId: z.uuid(),
  /** Last sequence number the client has seen; 0 (default) starts from the first event. */
  afterSeq: databaseIntegerSchema.min(0).default(0),
  limit: z.number().int().min(1).max(1_000).default(200),
  /** Only events of these types (e.g. `approval-decided`); filtered in the database, so pages stay full. */
  types: z.array(z.string().trim().min(1).max(100)).min(1).max(50).optional(),
});

/** What a transport does about a client that falls behind (see `StreamRunEventsOptions`). */
export interface RunEventStreamBackpressure {
  /** Live events held for the client before its stream is ended; default 1,000. */
  maxBufferedEvents?: number;
  /** The client fell too far behind: drop its connection so it resumes with Last-Event-ID. */
  onOverflow?: () => void;
}

/**
 * A stream about to be opened, after one access check: whether it has nothing left to send (`ended`), and how
 * to start it. A transport that answers "nothing left" before its first byte (SSE's 204) asks once for both.
 */
export interface RunEventStreamOpening {
  /** The run has finished and the client already has `run-finished`. */
  ended: boolean;
  /** The stream: replays after `afterSeq`, then tails; ends at once when `ended`. */
  start(signal: AbortSignal, heartbeatMs?: number, backpressure?: RunEventStreamBackpressure): AsyncGenerator<RunEventStreamItem>;
}

/** A run's event log: pages for inspection, and a live stream that replays then tails. */
export class RunEventService {
  constructor(
    private readonly database: Database,
    private readonly hub: RunEventHub,
  ) {}

  async list(principal: Principal, rawInput: unknown): Promise<{ events: StoredRunEvent[]; nextAfterSeq: number | null }> {
    const input = parseInput(eventsInputSchema, rawInput);
    await this.assertRunVisible(principal, input.runId);
    const events = input.types
      ? await this.database.prisma.runEvent.findMany({
          where: { runId: input.runId, tenantId: principal.tenantId, seq: { gt: input.afterSeq }, type: { in: input.types } },
          orderBy: { seq: 'asc' },
          take: input.limit,
          select: { runId: true, seq: true, type: true, payload: true, createdAt: true },
        })
      : await readRunEvents(this.database.statements, input.runId, input.afterSeq, input.limit);
    return { events, nextAfterSeq: events.length === input.limit ? (events[events.length - 1]?.seq ?? null) : null };
  }

  /** Checks access before the first byte, so a foreign or unknown run is a 404, never an empty stream. */
  async stream(
    principal: Principal,
    rawInput: { runId: unknown; afterSeq?: unknown },
    signal: AbortSignal,
    heartbeatMs?: number,
    backpressure: RunEventStreamBackpressure = {},
  ): Promise<AsyncGenerator<RunEventStreamItem>> {
    return (await this.open(principal, rawInput)).start(signal, heartbeatMs, backpressure);
  }

  /**
   * Checks access and reads the run's end in one statement (a foreign or unknown run is a 404), then says
   * whether the stream has anything left to send and starts it on demand.
   */
  async open(principal: Principal, rawInput: { runId: unknown; afterSeq?: unknown }): Promise<RunEventStreamOpening> {
    const input = parseInput(eventsInputSchema, rawInput);
    const position = await readStreamPosition(this.database.statements, input.runId, principal.tenantId);
    if (!position) throw new DomainError('not-found', `Run ${input.runId} not found`, 'runId');
    const { finishedSeq } = position;
    // Once read, a finished run's end is known; a run still going may finish while the stream catches up.
    const finishedSeqOf = (runId: string) => (finishedSeq !== null ? Promise.resolve(finishedSeq) : readFinishedSeq(this.database.statements, runId));
    return {
      ended: finishedSeq !== null && input.afterSeq >= finishedSeq,
      start: (signal, heartbeatMs, backpressure = {}) =>
        streamRunEvents(
          { hub: this.hub, finishedSeq: finishedSeqOf },
          { runId: input.runId, afterSeq: input.afterSeq, signal, ...(heartbeatMs ? { heartbeatMs } : {}), ...backpressure },
        ),
    };
  }

  /** Events waiting in this process's stream buffers for a run (for metrics and the backpressure tests). */
  bufferedEvents(runId: string): number {
    return this.hub.bufferedEvents(runId);
  }

  /**
   * True when a stream resuming after `afterSeq` has nothing left to send, ever: the run has
   * finished and the client already has `run-finished`. SSE answers that with 204 before the first
   * byte, the one status on which a stock EventSource stops reconnecting.
   */
  async streamEnded(principal: Principal, rawInput: { runId: unknown; afterSeq?: unknown }): Promise<boolean> {
    return (await this.open(principal, rawInput)).ended;
  }

  private async assertRunVisible(principal: Principal, runId: string): Promise<void> {
    const run = await this.database.prisma.run.findFirst({ where: { id: runId, tenantId: principal.tenantId }, select: { id: true } });
    if (!run) throw new DomainError('not-found', `Run ${runId} not found`, 'runId');
  }
}
