import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

import { connectMcpClient } from './mcp-client';

/** MCP's "resource not found" code, what an unknown and a foreign run or thread both get. */
export const resourceNotFoundCode = -32002;

/** One SDK client per API key for the whole matrix (each connect costs two requests). */
export function mcpClients(baseUrl: string): { clientFor(apiKey: string): Promise<Client>; closeAll(): Promise<void> } {
  const clients = new Map<string, Promise<Client>>();
  return {
    clientFor(apiKey) {
      let client = clients.get(apiKey);
      if (client === undefined) {
        client = connectMcpClient(baseUrl, apiKey);
        clients.set(apiKey, client);
      }
      return client;
    },
    async closeAll() {
      await Promise.all([...clients.values()].map(async (client) => (await client).close().catch(() => undefined)));
    },
  };
}

/** A resource read's outcome: the text on success, the JSON-RPC error code and message on failure. */
export async function readMcpResource(client: Client, uri: string): Promise<{ text: string; errorCode: number | undefined }> {
  try {
    const result = await client.readResource({ uri });
    return { text: JSON.stringify(result), errorCode: undefined };
  } catch (error) {
    if (error instanceof McpError) return { text: error.message, errorCode: error.code };
    throw error;
  }
}
