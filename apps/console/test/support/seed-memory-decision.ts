import path from 'node:path';

import { createPlatform } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';

import { repositoryRoot } from './console-process';

/**
 * Adds to a seeded (and closed) data directory what post-run fact extraction leaves behind: a
 * finished run of tenant A's agent, the fact it wrote (stored through the memory service) and the
 * ADD decision recording it. Extraction itself needs a model endpoint (it is tested in the
 * platform's extraction suite); this gives the REST API a real decision to list and undo.
 */
export async function seedMemoryDecision(dataDirectory: string, adminKey: string, agentId: string): Promise<{ decisionId: string; runId: string }> {
  const platform = await createPlatform({
    database: { dataDirectory, migrationsDirectory: path.join(repositoryRoot, 'prisma/migrations') },
    logger: silentLogger,
  });
  try {
    const principal = await platform.auth.authenticate(adminKey);
    if (principal === null) throw new Error('the seeded admin key did not authenticate');
    const { prisma } = platform.database;
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId }, orderBy: { version: 'desc' } });
    const run = await prisma.run.create({
      data: {
        tenantId: principal.tenantId,
        agentId,
        agentVersionId: version.id,
        status: 'succeeded',
        input: { text: 'I moved to Lisbon.' },
        output: { text: 'Noted.' },
        finishedAt: new Date(),
      },
      select: { id: true },
    });
    const fact = await platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', key: 'home-city', content: 'Lives in Lisbon.' });
    const decision = await prisma.memoryDecision.create({
      data: { tenantId: principal.tenantId, runId: run.id, event: 'add', key: 'home-city', memoryItemId: fact.id, reason: 'A new fact about the user.' },
      select: { id: true },
    });
    return { decisionId: decision.id, runId: run.id };
  } finally {
    await platform.close();
  }
}
