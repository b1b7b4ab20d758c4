export { RuntimeError, isRuntimeError, type RuntimeErrorKind } from './runtime-error';
export {
  AbortedError,
  BudgetExceededError,
  budgetPausedMessage,
  ChildAwaitingApprovalError,
  EngineStateError,
  HostStoppingError,
  InvalidCheckpointError,
  InvalidModelResponseError,
  LimitExceededError,
  ModelCallFailedError,
  ProviderCallFailedError,
  ResumeMismatchError,
  ToolStatePersistenceError,
  ValidationError,
  WaitPendingError,
  type BindingMismatch,
  type LimitName,
} from './domain-errors';
export { isProviderErrorKind, providerErrorKinds, type ProviderErrorKind } from './provider-error-kinds';
