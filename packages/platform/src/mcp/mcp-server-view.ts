import type { Prisma } from '@agentloom/db';
import { redactUrlCredentials } from '@agentloom/runtime';

import type { McpServerView } from './mcp-server.schema';

export const mcpServerSelect = {
  id: true,
  tenantId: true,
  name: true,
  description: true,
  transport: true,
  stdioCommand: true,
  url: true,
  headers: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.McpServerSelect;

export type McpServerRow = Prisma.McpServerGetPayload<{ select: typeof mcpServerSelect }>;

/**
 * What any API returns: header names marked `set`, never a value (sealed or not), and the URL with
 * its credentials shown as `***` (`redactUrlCredentials`); connections use the stored URL.
 */
export function toMcpServerView(row: McpServerRow): McpServerView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    transport: row.transport === 'stdio' ? 'stdio' : 'streamable-http',
    stdioCommand: row.stdioCommand,
    url: row.url === null ? null : redactUrlCredentials(row.url),
    headers: Object.keys(sealedHeaders(row.headers))
      .sort()
      .map((name) => ({ name, set: true as const })),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored `{ name: sealed value }` object (anything else in the column is ignored). */
export function sealedHeaders(stored: unknown): Record<string, string> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
