import type { Database, Prisma } from '@agentloom/db';

export interface TestAgentOptions {
  tenantId: string;
  slug: string;
  name?: string;
  /** The version-1 config, written as is (tests may need configs the save path would refuse, e.g. a demo script). */
  config: Record<string, unknown>;
}

/** An agent with one version, written straight to the database; returns the agent id. */
export async function createTestAgent(database: Database, options: TestAgentOptions): Promise<string> {
  const { tenantId, slug, config } = options;
  const agent = await database.prisma.agent.create({
    data: {
      tenantId,
      slug,
      name: options.name ?? slug,
      versions: { create: { tenantId, version: 1, configHash: `test-${slug}`, config: config as Prisma.InputJsonObject } },
    },
    select: { id: true },
  });
  return agent.id;
}
