import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createTestMcpServer } from './mcp-test-server';

// Entry point for the stdio adapter test: `node --import tsx mcp-stdio-server.ts`.
await createTestMcpServer().connect(new StdioServerTransport());
