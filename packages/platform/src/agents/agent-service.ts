import type { Database } from '@agentloom/db';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { parseInput } from '../validation/parse-input';

export const listAgentsInputSchema = z
  .object({
    /** Archived agents cannot start runs; lists leave them out unless asked. */
    includeArchived: z.boolean().default(false),
  })
  .default({ includeArchived: false });
export type ListAgentsInput = z.input<typeof listAgentsInputSchema>;

/** An agent as pickers and lists show it. */
export interface AgentSummaryView {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** Newest version number; null for an agent that has no version yet (it cannot run). */
  latestVersion: number | null;
  archived: boolean;
  createdAt: string;
}

/** Read access to the tenant's agents (authoring arrives with the agents feature). */
export class AgentService {
  constructor(private readonly database: Database) {}

  /** The caller's agents, by name; a tenant has tens of agents, so one page holds them all. */
  async list(principal: Principal, rawInput?: ListAgentsInput): Promise<AgentSummaryView[]> {
    const input = parseInput(listAgentsInputSchema, rawInput);
    const rows = await this.database.prisma.agent.findMany({
      where: { tenantId: principal.tenantId, ...(input.includeArchived ? {} : { archivedAt: null }) },
      orderBy: { name: 'asc' },
      take: 500,
      select: {
        id: true,
        slug: true,
        name: true,
        description: true,
        archivedAt: true,
        createdAt: true,
        versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true } },
      },
    });
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      latestVersion: row.versions[0]?.version ?? null,
      archived: row.archivedAt !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
