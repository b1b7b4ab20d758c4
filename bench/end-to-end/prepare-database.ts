import path from 'node:path';

import { createPlatform } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';

import { repositoryRoot, testConsoleSecretKey } from '../../apps/console/test/support/console-process';

export interface PreparedDatabase {
  adminKey: string;
  agentId: string;
}

/**
 * A scripted agent on the runtime's demo model (no provider): model call → one tool call
 * (`record_citation`, a built-in tool with a ledger row) → model call with the final answer. That
 * is the "3-step agent with one tool call"; AgentLoom records it as 2 engine steps (a step
 * is one model call plus the tool calls it asked for). No verifier call (`verify: false`).
 */
export const scriptedAgentConfig = {
  builtinTools: ['record_citation'],
  completion: { verify: false, requireToolEvidence: false },
  demoScript: {
    replies: [
      { text: 'Recording the source first.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/e2e', title: 'End-to-end source' } }] },
      { text: 'Here is the answer: every step was committed before the next one started.' },
    ],
  },
};

/**
 * Seeds the database the console will open (demo tenant, admin key) and saves the scripted agent
 * through the platform, before the console starts: the embedded database admits one process.
 */
export async function prepareDatabase(database: { url?: string; dataDirectory?: string }): Promise<PreparedDatabase> {
  const platform = await createPlatform({
    database: { ...database, migrationsDirectory: path.join(repositoryRoot, 'prisma/migrations') },
    ...(database.dataDirectory ? { adminKeyPath: path.join(database.dataDirectory, 'admin-key') } : {}),
    // The console and the workers of this database get the same key (AGENTLOOM_SECRET_KEY).
    ...(database.url ? { secrets: { key: Buffer.from(testConsoleSecretKey, 'base64') } } : {}),
    logger: silentLogger,
  });
  try {
    const adminKey = platform.seed.adminKey;
    const principal = adminKey ? await platform.auth.authenticate(adminKey) : null;
    if (!adminKey || !principal) throw new Error('The bench database was not freshly seeded');
    const agent = await platform.agents.create(principal, { slug: 'e2e-scripted', name: 'End-to-end scripted agent', config: scriptedAgentConfig });
    return { adminKey, agentId: agent.id };
  } finally {
    await platform.close();
  }
}
