import { z } from 'zod';

import { DomainError } from '../errors/domain-error';

/** One command the operator lets tenants start as a stdio MCP server. */
export const mcpStdioCommandSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  cwd: z.string().min(1).optional(),
  /** Fixed variables for the server process (the SDK's safe defaults such as PATH come on top). */
  env: z.record(z.string(), z.string()).default({}),
});

export type McpStdioCommand = z.infer<typeof mcpStdioCommandSchema>;

/** Allow-list entries by the name tenants choose them by (letters, digits, `_`, `-`). */
export type McpStdioAllowList = Readonly<Record<string, McpStdioCommand>>;

const allowListSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'entry names may only use letters, digits, _ and -'), mcpStdioCommandSchema);

/**
 * Parses the operator's stdio allow-list (AGENTLOOM_MCP_STDIO_ALLOW): a JSON object mapping an entry
 * name to `{ command, args?, cwd?, env? }`. Tenants pick an entry by name and can never change its
 * command or arguments, so no tenant input reaches a process's argv. Empty or absent: no stdio servers.
 * @throws DomainError `validation` naming the variable and the first problem.
 */
export function parseMcpStdioAllowList(text: string | undefined, variable = 'AGENTLOOM_MCP_STDIO_ALLOW'): McpStdioAllowList {
  if (text === undefined || text.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DomainError('validation', `${variable} must be a JSON object of name → { command, args }: ${error instanceof Error ? error.message : String(error)}`, variable);
  }
  const parsed = allowListSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError('validation', `${variable}${issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'invalid'}`, variable);
}
