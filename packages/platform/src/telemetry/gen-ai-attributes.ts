/**
 * Attribute names of the OpenTelemetry GenAI semantic conventions (gen_ai.*) and AgentLoom's own
 * (agentloom.*). Spelled out here instead of imported from `@opentelemetry/semantic-conventions`:
 * the GenAI names are still "incubating" there and move between releases.
 */
export const genAi = {
  operationName: 'gen_ai.operation.name',
  /** The newer name of the provider attribute; `gen_ai.system` is the older one, still read by most backends. */
  providerName: 'gen_ai.provider.name',
  system: 'gen_ai.system',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  finishReasons: 'gen_ai.response.finish_reasons',
  agentName: 'gen_ai.agent.name',
  agentId: 'gen_ai.agent.id',
  conversationId: 'gen_ai.conversation.id',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
} as const;

export const agentloomAttributes = {
  runId: 'agentloom.run_id',
  tenantId: 'agentloom.tenant_id',
  attempt: 'agentloom.attempt',
  step: 'agentloom.step',
  purpose: 'agentloom.model_call.purpose',
  toolStatus: 'agentloom.tool_call.status',
  delegatedAgent: 'agentloom.sub_agent',
} as const;

/** Values of `gen_ai.operation.name` used here. */
export type GenAiOperation = 'invoke_agent' | 'chat' | 'execute_tool';
