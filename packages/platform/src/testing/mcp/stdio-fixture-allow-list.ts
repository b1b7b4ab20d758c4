import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { McpStdioAllowList } from '../../mcp/mcp-stdio-allow-list';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = join(here, '../../../../../');

/**
 * The operator allow-list entry (`fixture`) that runs the stdio fixture server, as a deployment
 * would write it in AGENTLOOM_MCP_STDIO_ALLOW; `process.execPath` is the Node running the test.
 */
export const stdioFixtureAllowList: McpStdioAllowList = {
  fixture: { command: process.execPath, args: ['--import', 'tsx', join(here, 'stdio-mcp-server.ts')], cwd: repositoryRoot, env: {} },
};
