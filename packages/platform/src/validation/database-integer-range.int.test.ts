import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { domainErrorOf } from '../errors/domain-error-of';
import { readRunEvents } from '../events/run-event-reader';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { databaseIntegerRange } from './database-integer.schema';

/**
 * Integers past Postgres `integer` (2^31 − 1) passed `z.number().int()` and failed in the query
 * with 22003, a 500 to the client. The services refuse them now, naming the field, and the
 * largest storable value still reaches the database without an error.
 */
describe.each(databaseModes)('integers past Postgres int4 (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let runId: string;
  const pastInt4 = 2 ** 31;
  const { maximum } = databaseIntegerRange;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.agents.list(principal))[0]!.id;
    runId = (await test.platform.runs.create(principal, { agentId, input: 'int4 bounds' })).run.id;
  }, 300_000);
  afterAll(() => test?.dispose());

  const outcome = async (call: () => Promise<unknown>): Promise<unknown> => {
    try {
      await call();
      return 'ok';
    } catch (error) {
      const { kind, field } = error as { kind?: string; field?: string };
      return { kind: kind ?? (error as Error).constructor.name, field };
    }
  };

  it('refuses them as validation errors naming the field, before any query', async () => {
    const { platform } = test;
    expect({
      createRun: await outcome(() => platform.runs.create(principal, { agentId, input: 'x', agentVersion: pastInt4 })),
      listRuns: await outcome(() => platform.runs.list(principal, { agentVersion: pastInt4 })),
      version: await outcome(() => platform.agents.version(principal, { agentId, version: pastInt4 })),
      events: await outcome(() => platform.runEvents.list(principal, { runId, afterSeq: pastInt4 })),
      stream: await outcome(() => platform.runEvents.open(principal, { runId, afterSeq: pastInt4 })),
      messages: await outcome(() => platform.runMessages.list(principal, { runId, cursor: pastInt4 })),
      fork: await outcome(() => platform.runs.fork(principal, { runId, stepIndex: pastInt4 })),
      rerun: await outcome(() => platform.runs.rerun(principal, { runId, agentVersion: pastInt4 })),
      feedback: await outcome(() => platform.feedback.record(principal, { runId, stepIndex: pastInt4, label: 'good' })),
      experiment: await outcome(() => platform.experiments.create(principal, { dataset: 'cases', agentId, agentVersion: pastInt4 })),
      steps: await outcome(() => platform.runSteps.list(principal, { runId, cursor: pastInt4 })),
      checkpoint: await outcome(() => platform.checkpoints.get(principal, { runId, seq: pastInt4 })),
    }).toEqual({
      createRun: { kind: 'validation', field: 'agentVersion' },
      listRuns: { kind: 'validation', field: 'agentVersion' },
      version: { kind: 'validation', field: 'version' },
      events: { kind: 'validation', field: 'afterSeq' },
      stream: { kind: 'validation', field: 'afterSeq' },
      messages: { kind: 'validation', field: 'cursor' },
      fork: { kind: 'validation', field: 'stepIndex' },
      rerun: { kind: 'validation', field: 'agentVersion' },
      feedback: { kind: 'validation', field: 'stepIndex' },
      experiment: { kind: 'validation', field: 'agentVersion' },
      steps: { kind: 'validation', field: 'cursor' },
      checkpoint: { kind: 'validation', field: 'seq' },
    });
  });

  it('takes 2^31 - 1 itself to the database without an error', async () => {
    const { platform } = test;
    expect({
      listRuns: await outcome(() => platform.runs.list(principal, { agentVersion: maximum })),
      version: await outcome(() => platform.agents.version(principal, { agentId, version: maximum })),
      events: await outcome(() => platform.runEvents.list(principal, { runId, afterSeq: maximum })),
      messages: await outcome(() => platform.runMessages.list(principal, { runId, cursor: maximum })),
      steps: await outcome(() => platform.runSteps.list(principal, { runId, cursor: maximum })),
    }).toEqual({ listRuns: 'ok', version: { kind: 'not-found', field: 'version' }, events: 'ok', messages: 'ok', steps: 'ok' });
  });

  it('maps the database’s own refusal (Prisma P2020, raw SQL 22003) to a validation error, as a safety net', async () => {
    const prismaError = await test.platform.database.prisma.agentVersion.findFirst({ where: { version: pastInt4 } }).catch((error: unknown) => error);
    const rawError = await readRunEvents(test.platform.database.statements, runId, pastInt4, 10).catch((error: unknown) => error);
    for (const error of [prismaError, rawError]) {
      expect(error).toBeInstanceOf(Error);
      expect(domainErrorOf(error)).toMatchObject({ kind: 'validation', field: undefined, message: expect.stringContaining(String(maximum)) as unknown });
    }
  });
});
