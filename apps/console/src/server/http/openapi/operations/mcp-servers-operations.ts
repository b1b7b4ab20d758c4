import { createMcpServerInputSchema, updateMcpServerInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { mcpServerListSchema, mcpServerSchema, mcpServerTestSchema } from '../../views/mcp-server-views';

const tag = 'MCP servers';
const id = { id: 'The MCP server id (uuid).' };

/** The tenant's MCP servers, which agent versions attach by name (admin). */
export const mcpServersOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/mcp-servers',
    operationId: 'listMcpServers',
    tag,
    summary: "List the tenant's MCP servers",
    description: 'Header names are listed with `set: true`; their values are never returned. `stdioCommands` names the operator allow-list entries (AGENTLOOM_MCP_STDIO_ALLOW) a stdio server may use.',
    role: 'admin',
    success: { status: 200, description: '`{ mcpServers, stdioCommands }`.', schema: mcpServerListSchema },
  },
  {
    method: 'post',
    path: '/api/v1/mcp-servers',
    operationId: 'createMcpServer',
    tag,
    summary: 'Add an MCP server',
    description:
      'A `stdio` server runs an entry of the operator allow-list, chosen by name (`stdioCommand`); no command or argument comes from the request. A `streamable-http` server’s URL must pass the outbound policy now and at every connect (loopback, private, link-local and metadata targets are refused unless the operator allowed them in AGENTLOOM_ALLOW_PRIVATE_TARGETS); `headers` (e.g. `Authorization`) are stored sealed. Audit-logged without header values.',
    role: 'admin',
    body: createMcpServerInputSchema,
    success: { status: 201, description: 'The server.', schema: mcpServerSchema },
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/v1/mcp-servers/{id}',
    operationId: 'getMcpServer',
    tag,
    summary: 'Read an MCP server',
    role: 'admin',
    pathParameters: id,
    success: { status: 200, description: 'The server.', schema: mcpServerSchema },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/v1/mcp-servers/{id}',
    operationId: 'updateMcpServer',
    tag,
    summary: 'Change an MCP server',
    description: 'The name stays (agent versions attach by it). `headers` merges: a value sets a header, `null` removes it, a header left out keeps its stored value while the URL stays; a new URL needs every stored header given again or removed (stored values are never sent to a new address).',
    role: 'admin',
    pathParameters: id,
    body: updateMcpServerInputSchema.omit({ mcpServerId: true }),
    success: { status: 200, description: 'The server.', schema: mcpServerSchema },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/v1/mcp-servers/{id}',
    operationId: 'deleteMcpServer',
    tag,
    summary: 'Delete an MCP server',
    description: 'Agent versions that attach it fail their next run with `resume-mismatch`.',
    role: 'admin',
    pathParameters: id,
    success: { status: 200, description: 'The deleted server.', schema: mcpServerSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/mcp-servers/{id}/test',
    operationId: 'testMcpServer',
    tag,
    summary: 'Connect and list tools',
    description:
      'Connects now. `status: connected` lists each tool with the schema hash an agent version would pin; `status: failed` gives `errorKind`: `mcp-unreachable`, `mcp-outbound-refused`, `mcp-auth`, `mcp-protocol` or `mcp-stdio-not-allowed`.',
    role: 'admin',
    pathParameters: id,
    success: { status: 200, description: 'The tools, or why the server could not be used.', schema: mcpServerTestSchema },
    errors: [404],
  },
];
