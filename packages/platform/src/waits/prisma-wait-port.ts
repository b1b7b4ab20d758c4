import type { Prisma, PrismaClient } from '@agentloom/db';
import { ValidationError, type WaitPort, type WaitRequest, type WaitState } from '@agentloom/runtime';
import { v7 as uuidv7 } from 'uuid';

import { fenceRun } from '../execution/fence-run';
import { isUniqueViolation } from '../runs/unique-violation';
import { completeDueWaitStatement, registerWaitStatement, waitStateOf } from './wait-sql';

/**
 * The runtime's wait store over `run_waits`, bound to one claimed run. Registering is idempotent per
 * call, so the call re-executed after a resume (or after a crash, by another executor) reads the
 * same wait and the same outcome: that is what makes the tool's result exactly-once.
 */
export class PrismaWaitPort implements WaitPort {
  constructor(
    private readonly prisma: PrismaClient,
    /** The claimed run and its attempt: every write is fenced by this attempt's lease. */
    private readonly run: { id: string; tenantId: string; attempt: number },
    /** The executor holding the lease (`lease_owner`). */
    private readonly owner: string,
  ) {}

  /**
   * Throws `LeaseLostError` when this executor no longer holds the run's lease for this attempt: an
   * executor that lost its lease after its call started must not leave a wait behind, or its pending
   * row would hold the tenant's correlation key against the live attempt and take its event.
   */
  async register(_instanceId: string, callId: string, request: WaitRequest): Promise<WaitState> {
    try {
      return await this.prisma.$transaction((transaction) => this.registerFenced(transaction, callId, request));
    } catch (error) {
      if (request.kind === 'event' && isUniqueViolation(error))
        throw new ValidationError(`Correlation key "${request.correlationKey}" is already awaited by another run of this tenant`);
      throw error;
    }
  }

  private async registerFenced(transaction: Prisma.TransactionClient, callId: string, request: WaitRequest): Promise<WaitState> {
    // Every write an executor makes for a run starts with the fence (fence-run.ts); its run row lock
    // is also the one a delivery takes first, so neither a delivery nor a run end interleaves below.
    await fenceRun(transaction, this.run, this.owner);
    const row = await registerWaitStatement(transaction, this.run, callId, uuidv7(), request);
    const state = waitStateOf(row);
    if (state.status !== 'elapsed' && state.status !== 'timed-out') return state;
    // Due: end it here, so a late event and the timeout cannot both win.
    const completed = await completeDueWaitStatement(transaction, this.run.id, callId);
    return completed ? waitStateOf(completed) : state;
  }
}
