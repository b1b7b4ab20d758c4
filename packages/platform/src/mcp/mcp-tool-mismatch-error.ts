import type { ToolSideEffects } from '@agentloom/runtime';

/** One pinned MCP tool the server no longer offers as it was saved. */
export interface McpToolMismatch {
  server: string;
  tool: string;
  pinnedSchemaHash: string;
  /** The server's current hash; null when the tool (or the whole server) is gone. */
  currentSchemaHash: string | null;
  /** Set when the side effects the server now declares differ from the pinned ones. */
  sideEffects?: { pinned: ToolSideEffects; current: ToolSideEffects };
}

function describeMismatch(mismatch: McpToolMismatch): string {
  const name = `mcp.${mismatch.server}.${mismatch.tool}`;
  if (mismatch.currentSchemaHash === null) return `${name} is gone (pinned ${mismatch.pinnedSchemaHash.slice(0, 12)})`;
  const differences: string[] = [];
  if (mismatch.currentSchemaHash !== mismatch.pinnedSchemaHash) {
    differences.push(`${name} schema hash ${mismatch.currentSchemaHash.slice(0, 12)} differs from the pinned ${mismatch.pinnedSchemaHash.slice(0, 12)}`);
  }
  if (mismatch.sideEffects) differences.push(`${name} side effects "${mismatch.sideEffects.current}" differ from the pinned "${mismatch.sideEffects.pinned}"`);
  return differences.join('; ');
}

/**
 * A run's agent version pinned MCP tools that changed since it was saved. Kind `resume-mismatch`,
 * like a checkpoint whose tool bindings changed: the run stops before any call instead of handing
 * the model a tool whose contract it was not written for (a schema, or side effects the recovery
 * and replay rules rely on).
 */
export class McpToolMismatchError extends Error {
  override readonly name = 'McpToolMismatchError';
  readonly kind = 'resume-mismatch';

  constructor(readonly mismatches: readonly McpToolMismatch[]) {
    super(
      `MCP tools changed since this agent version was saved: ${mismatches.map(describeMismatch).join('; ')}. Save the agent again to pin the servers' current tools.`,
    );
  }
}
