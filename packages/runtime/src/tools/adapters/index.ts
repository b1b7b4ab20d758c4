export { ToolAdapterError, toolAbortedError, type ToolAdapterErrorKind } from './adapter-error';
export { fillArgvTemplate, templatePlaceholders } from './argv-template';
export { defineTool, type LocalToolDefinition } from './define-tool';
export { defineHttpRequestTool, type HttpRequestToolConfig } from './http-request-tool';
export {
  connectMcpServer,
  defaultMcpOpenTimeoutMs,
  mcpIdempotencyKeyMetaKey,
  type McpConnectOptions,
  type McpServerConfig,
  type McpServerConnection,
} from './mcp-client-adapter';
export { defaultMcpAnswerMaxBytes } from './mcp-answer-bound';
export { mcpToolListMaxPages, mcpToolListMaxTools } from './mcp-tool-list';
export type { McpHttpTransportConfig, McpStdioTransportConfig, McpTransportConfig } from './mcp-transport';
export { runSubprocess, type SubprocessOutcome, type SubprocessSpec } from './run-subprocess';
export { assertAllowedByPolicy, assertPublicUrl, createGuardedLookup, type PublicUrlOptions, type ResolveAll } from './ssrf-guard';
export { defineSubprocessTool, type SubprocessToolConfig } from './subprocess-tool';
