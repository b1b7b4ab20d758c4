import type { ToolResult } from '../../contracts/tool';

/** The parts of an MCP `tools/call` result the adapter reads. */
export interface McpCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
}

function describePart(part: unknown): string {
  if (typeof part === 'object' && part !== null && 'type' in part) {
    const typed = part as { type: unknown; text?: unknown; resource?: unknown };
    if (typed.type === 'text' && typeof typed.text === 'string') return typed.text;
    // Images and audio are base64 blobs the model cannot read as text; name them instead.
    if (typed.type === 'image' || typed.type === 'audio') return `[${typed.type} content omitted]`;
  }
  return JSON.stringify(part);
}

/**
 * Turns an MCP tool result into ours: text parts joined for the model, structured content as
 * JSON when there is no text, the whole result kept in `data` for inspection.
 */
export function toToolResult(result: McpCallResult): ToolResult {
  const parts = Array.isArray(result.content) ? result.content : [];
  const text = parts.map(describePart).join('\n');
  const content =
    text === '' && result.structuredContent !== undefined ? JSON.stringify(result.structuredContent) : text;
  return { content, data: result, isError: result.isError === true };
}
