import { handleMcpRequest } from '~/server/mcp/handle-mcp-request';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * AgentLoom as an MCP server (Streamable HTTP, stateless: ADR 0034), authenticated with the same
 * API keys as `/api/v1`. Only POST: a stateless server has no session for a GET stream or a DELETE
 * to end, so the proxy answers those with 405, which MCP clients expect.
 */
export const POST = handleMcpRequest;
