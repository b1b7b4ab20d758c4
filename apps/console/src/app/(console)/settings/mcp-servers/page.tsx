import type { Metadata } from 'next';
import { McpServersSettings } from '~/features/mcp-servers/components/mcp-servers-settings';

export const metadata: Metadata = { title: 'MCP servers' };
export const dynamic = 'force-dynamic';

export default function McpServersPage() {
  return <McpServersSettings />;
}
