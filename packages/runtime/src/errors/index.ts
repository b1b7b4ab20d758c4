export { RuntimeError, isRuntimeError, type RuntimeErrorKind } from './runtime-error';
export {
  AbortedError,
  ChildAwaitingApprovalError,
  EngineStateError,
  InvalidCheckpointError,
  InvalidModelResponseError,
  LimitExceededError,
  ModelCallFailedError,
  ResumeMismatchError,
  ToolStatePersistenceError,
  ValidationError,
  type BindingMismatch,
  type LimitName,
} from './domain-errors';
