export { ConcurrencyLimitService } from './concurrency-limit-service';
export { maxRunningRunsLimit, setConcurrencyLimitInputSchema, type SetConcurrencyLimitInput } from './concurrency-limit.schema';
export type { AgentConcurrencyLimitView, ConcurrencyLimitsView, ConcurrencyLimitView } from './concurrency-limit-view';
