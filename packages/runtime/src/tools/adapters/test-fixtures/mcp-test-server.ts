import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * A two-tool MCP server for adapter tests: `echo` (read-only) repeats its text and reports the
 * `_meta` it received; `wait` sleeps until told or until the client cancels the call.
 */
export function createTestMcpServer(): Server {
  const server = new Server({ name: 'adapter-test-server', version: '1.2.3' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      {
        name: 'echo',
        description: 'Repeats the text',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'wait',
        description: 'Waits for the given milliseconds',
        inputSchema: { type: 'object', properties: { milliseconds: { type: 'number' } }, required: ['milliseconds'] },
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    if (request.params.name === 'echo') {
      return {
        content: [{ type: 'text', text: `echo: ${String(args.text)}` }],
        structuredContent: { meta: request.params._meta ?? null },
      };
    }
    if (request.params.name === 'wait') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Number(args.milliseconds));
        extra.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return { content: [{ type: 'text', text: extra.signal.aborted ? 'cancelled' : 'waited' }] };
    }
    return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true };
  });
  return server;
}
