import { randomUUID } from 'node:crypto';

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
  return { prisma, tenantId, agentId, thread, run, fact };
}
