/** One pinned MCP tool the server no longer offers as it was saved. */
export interface McpToolMismatch {
  server: string;
  tool: string;
  pinnedSchemaHash: string;
  /** The server's current hash; null when the tool (or the whole server) is gone. */
  currentSchemaHash: string | null;
}

/**
 * A run's agent version pinned MCP tools that changed since it was saved. Kind `resume-mismatch`,
 * like a checkpoint whose tool bindings changed: the run stops before any call instead of handing
 * the model a tool whose contract it was not written for.
 */
export class McpToolMismatchError extends Error {
  override readonly name = 'McpToolMismatchError';
  readonly kind = 'resume-mismatch';

  constructor(readonly mismatches: readonly McpToolMismatch[]) {
    super(
      `MCP tools changed since this agent version was saved: ${mismatches
        .map((mismatch) =>
          mismatch.currentSchemaHash === null
            ? `mcp.${mismatch.server}.${mismatch.tool} is gone (pinned ${mismatch.pinnedSchemaHash.slice(0, 12)})`
            : `mcp.${mismatch.server}.${mismatch.tool} schema hash ${mismatch.currentSchemaHash.slice(0, 12)} differs from the pinned ${mismatch.pinnedSchemaHash.slice(0, 12)}`,
        )
        .join('; ')}. Save the agent again to pin the servers' current tools.`,
    );
  }
}
