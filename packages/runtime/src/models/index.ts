export { AiSdkModelGateway, type AiSdkModelGatewayDependencies } from './ai-sdk-model-gateway';
export { classifyError, parseRetryAfter } from './classify-error';
export { computeUsage } from './compute-cost';
export { createLanguageModel, describeModel, type FetchFunction } from './create-language-model';
export { createModelGateway, type CreateModelGatewayOptions } from './create-model-gateway';
export type { ModelFallbackEvent, ModelRetryEvent } from './gateway-events';
export {
  modelConfigSchema,
  modelPricingSchema,
  retryConfigSchema,
  type ModelConfig,
  type ModelPricing,
  type RetryConfig,
  type RetryConfigInput,
} from './model-config.schema';
export {
  createAbortError,
  isAbortError,
  ModelGatewayError,
  type ModelGatewayErrorKind,
  type ModelGatewayErrorOptions,
} from './model-gateway-error';
export { computeRetryDelay } from './retry-delay';
export { toModelMessages } from './to-model-messages';
export { toToolSet } from './to-tool-set';
export { createToolNameMapping, type ToolNameMapping } from './tool-name-mapping';
