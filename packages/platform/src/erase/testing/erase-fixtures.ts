import { randomUUID } from 'node:crypto';

import type { Prisma } from '@agentloom/db';

import type { Principal } from '../../auth/roles';
import { createTestAgent, type TestPlatform } from '../../testing';

/** The agent's own configuration is not run content: the erase tests scan everything else. */
export const runContent = { exceptColumns: ['agent_versions.config'] };

/** A string only the content under test holds, so a scan of every column finds its copies. */
export const markerOf = (label: string) => `zqcopy${label}${randomUUID().slice(0, 8)}`;

export type RunFields = {
  status?: 'succeeded' | 'running' | 'queued';
  rerunOfRunId?: string;
  retryOfRunId?: string;
  forkOfRunId?: string;
  leaseOwner?: string;
  leaseExpiresAt?: Date;
};

/** An agent of the principal's tenant, and makers of its threads (of `userId`), runs and facts. */
export async function eraseFixtures(test: TestPlatform, principal: Principal, userId: string) {
  const { prisma } = test.platform.database;
  const tenantId = principal.tenantId;
  const agentId = await createTestAgent(test.platform.database, { tenantId, slug: `copies-${randomUUID()}`, config: {} });
  const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
  const thread = () => test.platform.threads.create(principal, { agentId, endUserId: userId });
  const run = (threadId: string | null, task: string, fields: RunFields = {}) => {
    const { status = 'succeeded', ...rest } = fields;
    return prisma.run.create({
      data: {
        tenantId,
        agentId,
        agentVersionId: version.id,
        threadId,
        status,
        input: { text: task },
        ...rest,
        ...(status === 'succeeded' ? { output: { text: 'Noted.' }, finishedAt: new Date() } : {}),
      },
    });
  };
  const fact = (content: string, sourceRunId: string, key?: string) =>
    test.platform.memoryPort.storeItem({ scope: { tenantId, userId }, kind: 'fact', content, sourceRunId, ...(key ? { key } : {}) });
  /** The routing stage's memory block in a run's prompt (transcript index 2), and its injection row. */
  const injected = async (reader: { id: string; threadId: string | null }, item: { id: string }, text: string) => {
    await prisma.message.create({
      data: {
        tenantId,
        runId: reader.id,
        threadId: reader.threadId,
        index: 2,
        role: 'user',
        kind: 'memory_block',
        content: `Relevant memories:\n- ${text}`,
        memoryItemIds: [item.id],
      },
    });
    await prisma.memoryInjection.create({ data: { tenantId, runId: reader.id, memoryItemId: item.id, score: 0.9, source: 'auto_injection' } });
  };
  /** A succeeded memory_search call of the run whose result lists the item (through `client`, e.g. a step's transaction). */
  const searched = (reader: { id: string }, item: { id: string }, text: string, client: Pick<typeof prisma, 'toolCall'> = prisma) =>
    client.toolCall.create({
      data: {
        tenantId,
        runId: reader.id,
        callId: 'search-1',
        name: 'memory_search',
        implementationId: 'builtin:memory_search',
        sideEffects: 'read',
        idempotencyKey: randomUUID(),
        arguments: { query: text.slice(0, 8) },
        status: 'succeeded',
        result: { content: text, isError: false, data: [{ id: item.id, content: text, score: 0.8 }] },
      },
    });
  /** A checkpoint of the run holding `state`. */
  const checkpoint = (runId: string, state: Record<string, unknown>) =>
    prisma.checkpoint.create({
      data: { tenantId, runId, seq: 1, stepIndex: 1, formatVersion: 1, state: state as Prisma.InputJsonObject, moduleBindings: {}, byteSize: 10 },
    });
  return { prisma, tenantId, agentId, thread, run, fact, injected, searched, checkpoint };
}
