import type { McpTool } from './mcp-tool';
import { decideApprovalTool, listApprovalsTool } from './tools/approval-tools';
import { searchMemoryTool } from './tools/memory-tools';
import { getRunTool, listRunsTool, startRunTool } from './tools/run-tools';

/** Every tool `/api/mcp` serves; the security matrix reads their roles from `tools/list` (`_meta`). */
export const mcpTools: readonly McpTool[] = [startRunTool, getRunTool, listRunsTool, listApprovalsTool, decideApprovalTool, searchMemoryTool];

/** The `_meta` key under which `tools/list` states the least role a tool needs. */
export const roleMetaKey = 'agentloom/role';
