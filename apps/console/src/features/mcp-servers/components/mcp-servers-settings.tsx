'use client';

import { useQuery } from '@tanstack/react-query';
import { cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { SettingsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { CreateMcpServerForm } from '~/features/mcp-servers/components/create-mcp-server-form';
import { McpServerCard } from '~/features/mcp-servers/components/mcp-server-card';
import { useIsAdmin } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

const description =
  'MCP servers your agents attach by name (config.mcpServers). Stdio servers run a command the operator allowed; HTTP servers are reached through the outbound policy. Auth headers are stored sealed and never shown again.';

/** Settings › MCP servers: add, list, test ("connect and list tools") and delete. */
export function McpServersSettings() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) {
    return (
      <>
        <PageHeader title="MCP servers" description={description} />
        <div className="mt-6">
          <CallToAction icon={<SettingsIcon />} title="MCP servers need the admin role">
            Sign in with an admin API key to add servers and list their tools.
          </CallToAction>
        </div>
      </>
    );
  }
  return <AdminMcpServers />;
}

function AdminMcpServers() {
  const trpc = useTRPC();
  const servers = useQuery(trpc.mcpServers.list.queryOptions());
  const list = servers.data?.mcpServers ?? [];
  return (
    <>
      <PageHeader title="MCP servers" description={description} />
      <div className="mt-6 space-y-6">
        <CreateMcpServerForm stdioCommands={servers.data?.stdioCommands ?? []} />
        {servers.error ? (
          <ErrorNotice title="The MCP servers could not be loaded" message={servers.error.message} />
        ) : servers.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading MCP servers" />
          </div>
        ) : list.length === 0 ? (
          <CallToAction icon={<SettingsIcon />} title="No MCP servers yet">
            Add one above, test it, then attach it to an agent: {'"mcpServers": [{ "server": "<name>" }]'}.
          </CallToAction>
        ) : (
          list.map((server) => <McpServerCard key={server.id} server={server} />)
        )}
      </div>
    </>
  );
}
