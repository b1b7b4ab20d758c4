/**
 * The runtime's own message vocabulary. Gateways translate to and from vendor formats;
 * nothing here mentions a provider, a database or a transport.
 */

/** A tool call as the host accepted it: id unique within the run, arguments already parsed and validated. */
export interface ToolCallRequest {
  /** Call id as issued by the model (or assigned by the host); unique within a run. */
  id: string;
  /** Registered tool name, e.g. `builtin.plan_update` or `mcp.github.search`. */
  name: string;
  /** Parsed JSON arguments (an object for every well-formed call). */
  arguments: Record<string, unknown>;
}

export interface SystemMessage {
  role: 'system';
  content: string;
}

export interface UserMessage {
  role: 'user';
  content: string;
}

export interface AssistantMessage {
  role: 'assistant';
  /** Visible text; may be empty when the reply is only tool calls. */
  content: string;
  toolCalls?: ToolCallRequest[];
}

export interface ToolMessage {
  role: 'tool';
  /** The id of the assistant tool call this message answers. Every tool call has exactly one answer. */
  toolCallId: string;
  toolName: string;
  /** The result as text the model reads (JSON-encoded for structured results). */
  content: string;
  /** True when the tool failed or was refused; the content then explains why. */
  isError?: boolean;
}

export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

export type MessageRole = Message['role'];
