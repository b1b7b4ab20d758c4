import type { PrismaClient } from '@agentloom/db';
import { ValidationError, type WaitPort, type WaitRequest, type WaitState } from '@agentloom/runtime';
import { v7 as uuidv7 } from 'uuid';

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
    private readonly run: { id: string; tenantId: string },
  ) {}

  async register(_instanceId: string, callId: string, request: WaitRequest): Promise<WaitState> {
    let row;
    try {
      row = await registerWaitStatement(this.prisma, this.run, callId, uuidv7(), request);
    } catch (error) {
      if (request.kind === 'event' && isUniqueViolation(error)) throw new ValidationError(`Correlation key "${request.correlationKey}" is already awaited by another run of this tenant`);
      throw error;
    }
    const state = waitStateOf(row);
    if (state.status !== 'elapsed' && state.status !== 'timed-out') return state;
    // Due: end it under the row lock a delivery also takes, so a late event and the timeout cannot both win.
    const completed = await completeDueWaitStatement(this.prisma, this.run.id, callId);
    return completed ? waitStateOf(completed) : state;
  }
}
